// The request-body editor of the API reference (docusaurus-theme-openapi-docs), without react-live's
// LiveProvider. The original wraps the editor in a LiveProvider, which evaluates the JSON body as
// JavaScript (new Function) to render a preview the theme never shows. That needs 'unsafe-eval',
// which the site's Content-Security-Policy (deploy/nginx/setu-docs.conf) does not allow. Here the
// same editor (react-live's Editor) stands alone; form behaviour and markup are the theme's.
import React, {type ReactNode, useEffect, useRef, useState} from 'react';
import {usePrismTheme} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import {Editor} from 'react-live';

// The theme is CommonJS and gets react-hook-form's CommonJS build; an `import` here would get its ES
// module build, a second copy with its own form context (useFormContext() would return null).
/* eslint-disable @typescript-eslint/no-require-imports -- the theme's own CommonJS copies, as explained above */
const {Controller, useFormContext} = require('react-hook-form') as typeof import('react-hook-form');
const {ErrorMessage} = require('@hookform/error-message') as typeof import('@hookform/error-message');
/* eslint-enable @typescript-eslint/no-require-imports */

interface Props {
  children: string;
  language: string;
  action: (code: string) => void;
  required?: boolean;
}

export default function LiveApp({children, language, action, required: isRequired}: Props): ReactNode {
  const prismTheme = usePrismTheme();
  const isBrowser = useIsBrowser();
  const [code, setCode] = useState(children.replace(/\n$/, ''));
  const [editorDisabled, setEditorDisabled] = useState(false);

  // The form is told about every edit; `action` is a new function on each render of the theme's form, so the
  // latest one is kept in a ref instead of re-running the effect for it.
  const latestAction = useRef(action);
  useEffect(() => {
    latestAction.current = action;
  });
  useEffect(() => {
    latestAction.current(code);
  }, [code]);

  const {
    control,
    formState: {errors},
  } = useFormContext();
  const showErrors = Boolean(errors?.requestBody);

  return (
    <div className="openapi-explorer__playground-container">
      <Controller
        control={control}
        rules={{
          required: isRequired && !code ? translate({id: 'theme.openapi.form.fieldRequired', message: 'This field is required'}) : false,
        }}
        name="requestBody"
        render={({field: {onChange}}) => (
          <div onClick={() => setEditorDisabled(false)} onBlur={() => setEditorDisabled(true)}>
            <Editor
              key={String(isBrowser)}
              className={clsx({
                'openapi-explorer__playground-editor': true,
                'openapi-explorer__form-item-input': showErrors,
                error: showErrors,
              })}
              code={code}
              language={language}
              theme={prismTheme}
              onChange={(snippet) => {
                setCode(snippet);
                onChange(snippet);
              }}
              disabled={editorDisabled}
              tabMode="focus"
            />
          </div>
        )}
      />
      {showErrors && (
        <ErrorMessage
          errors={errors}
          name="requestBody"
          render={({message}) => <div className="openapi-explorer__input-error">{message}</div>}
        />
      )}
    </div>
  );
}
