// The HTML around each page (siteConfig.ssrTemplate): Docusaurus' own template, except for its scripts. Docusaurus
// writes them as <script defer> in the head, so their download starts with the HTML's and competes with the style
// sheet for the first paint; on a slow connection the page's text then shows late, and Lighthouse's simulated LCP
// swings by a second with the order in which the two happened to start (the API pages, ~400 KB of script: 82-96).
// Here each script is listed inert (`type="docusaurus/script"`) and one small loader at the end of the body adds them,
// in order, after the first paint (or after 1 s, for a page opened in a background tab, which does not paint).
// A page may have a first script of its own, which shows what the page is for before the bundle (the search page: its
// first hits, src/plugins/search/client/first-results.ts), marked `<script defer src="…" data-first-script>`: then the
// loader starts the bundle when that script is done (the event 'first-script-done' on document, or its load failed),
// at the reader's first key or pointer press, or after 3 s, whichever comes first.
// The loader never changes, so the Content-Security-Policy allows it by one hash (scripts/csp-hashes.mjs).

/** The loader: run after the first frame is painted (or the page's first script is done), once. */
const scriptLoader =
  "(function(){var done=false;function load(){if(done)return;done=true;document.querySelectorAll('script[type=\"docusaurus/script\"]').forEach(function(inert){var s=document.createElement('script');s.src=inert.getAttribute('data-src');s.async=false;document.head.appendChild(s)})}var first=document.querySelector('script[data-first-script]');if(first){first.addEventListener('error',load);document.addEventListener('first-script-done',load);['keydown','pointerdown','input'].forEach(function(type){addEventListener(type,load,true)});setTimeout(load,3000)}else{requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)}})();";

export const ssrTemplate = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <script type="docusaurus/script" data-src="<%= it.baseUrl %><%= script %>"></script>
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${scriptLoader}</script>
  </body>
</html>
`;
