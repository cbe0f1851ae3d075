// Prism with the languages of the site's code blocks and request samples (`prism.additionalLanguages` in
// docusaurus.config.ts, added by the theme's own prism-include-languages). The server loads it to write each block's
// HTML; the browser loads it only when it highlights a block itself (./load-prism.ts), so that Prism and its grammars
// are not part of the script every page runs before it answers.
import {Prism, normalizeTokens} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

/** A run of code and Prism's token types for it. */
export interface TokenText {
  types: string[];
  content: string;
}

/** The code's lines as tokens; undefined where Prism has no grammar for the language. */
export function tokenLines(code: string, language: string | undefined): TokenText[][] | undefined {
  const grammar = language ? Prism.languages[language] : undefined;
  if (!grammar) return undefined;
  // An empty line is one token whose content is the line break itself: the line is empty, the break comes after it.
  return normalizeTokens(Prism.tokenize(code, grammar)).map((line) => line.map((token) => (token.empty ? {...token, content: ''} : token)));
}
