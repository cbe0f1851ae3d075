// Swizzled (wrap): no option makes the API reference's schema trees lazy; a closed property renders its children only once opened.
import React, {useState, type ReactNode, type ToggleEvent} from 'react';
import Details from '@theme-init/Details';
import type DetailsType from '@theme/Details';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DetailsType>;

/** The OpenAPI theme marks each nested schema property with this class. */
const schemaPropertyClass = 'openapi-markdown__details';

export default function DetailsWrapper(props: Props): ReactNode {
  const lazy = Boolean(props.className?.includes(schemaPropertyClass)) && !props.open;
  const [rendered, setRendered] = useState(!lazy);
  const onToggle = (event: ToggleEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setRendered(true);
    props.onToggle?.(event);
  };
  return (
    <Details {...props} onToggle={onToggle}>
      {rendered ? props.children : null}
    </Details>
  );
}
