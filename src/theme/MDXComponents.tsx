// Swizzled (wrap): every Markdown table scrolls in a box of its own that says when it scrolls (src/components/ScrollableTable).
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
