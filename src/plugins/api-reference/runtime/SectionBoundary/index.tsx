// A part of an operation page that fails (its code or data could not be loaded after a new deployment, or the theme threw
// while rendering it) says so in its own place and offers another try; the rest of the page stays. Without it, one
// failing part replaced the whole page with Docusaurus' "This page crashed".
import React, {type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import styles from './styles.module.css';

interface Props {
  /** What the part is, for the message: "The request samples", "This part of the page". */
  what: string;
  /** Called before the part renders again, so that what failed is loaded anew rather than taken from a cache. */
  onRetry?: () => void;
  children: ReactNode;
}

export default function SectionBoundary({what, onRetry, children}: Props): ReactNode {
  return (
    <ErrorBoundary
      fallback={({error, tryAgain}) => (
        <div className={styles.failed} role="alert" data-section-failed="">
          <p>
            {what} could not be shown ({error.message}).
          </p>
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={() => {
              onRetry?.();
              tryAgain();
            }}>
            Try again
          </button>
        </div>
      )}>
      {children}
    </ErrorBoundary>
  );
}
