// The request-body editor of the API reference (docusaurus-theme-openapi-docs), without react-live's
// LiveProvider. The original wraps the editor in a LiveProvider, which evaluates the JSON body as
// JavaScript (new Function) to render a preview the theme never shows. That needs 'unsafe-eval',
// which the site's Content-Security-Policy (deploy/nginx/setu-docs.conf) does not allow. Here the
// same editor (react-live's Editor) stands alone; markup is the theme's. One behaviour of the theme's is left out, a
// bug a reader meets: the editor was made read-only whenever it lost focus, and editable again only by a click, so a
// keyboard user could edit it once and then neither edit it nor scroll a long line in it. It is given the example once
// and keeps its own text: react-live's Editor copies a changed `code` prop over what the reader is typing.
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
  // The editor keeps its own text from here on: it is given the example once, and tells every edit.
  const [initialCode] = useState(() => children.replace(/\n$/, ''));
  const [code, setCode] = useState(initialCode);

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
          <Editor
            key={String(isBrowser)}
            className={clsx({
              'openapi-explorer__playground-editor': true,
              'openapi-explorer__form-item-input': showErrors,
              error: showErrors,
            })}
            code={initialCode}
            language={language}
            theme={prismTheme}
            onChange={(snippet) => {
              setCode(snippet);
              onChange(snippet);
            }}
            tabMode="focus"
          />
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
