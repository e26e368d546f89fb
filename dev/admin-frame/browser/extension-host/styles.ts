/**
 * How the stand-in components look: close to Polaris (the admin's modal, buttons, fields,
 * banners), with text colours that meet WCAG AA. `css` goes into each component's shadow root;
 * `documentCss` styles the components that need no shadow (text, paragraphs, lists).
 */
export const css = `
:host { display: block; }
:host([hidden]) { display: none !important; }
[hidden] { display: none !important; }
.action { display: flex; flex-direction: column; height: 100vh; }
header { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 12px 16px; border-bottom: 1px solid #ebebeb; }
h2 { margin: 0; font-size: 14px; font-weight: 650; }
h3 { margin: 0 0 8px; font-size: 13px; font-weight: 650; }
.close { border: 0; background: none; font-size: 20px; line-height: 1; cursor: pointer; color: #4a4a4a; border-radius: 6px; padding: 2px 8px; }
.body { flex: 1; overflow: auto; padding: 16px; }
footer { display: flex; justify-content: flex-end; gap: 8px; padding: 12px 16px; border-top: 1px solid #ebebeb; }
footer ::slotted(*) { display: inline-block; }
button { font: inherit; font-weight: 600; border-radius: 8px; padding: 6px 12px; cursor: pointer; border: 1px solid #c9c9c9; background: #fff; color: #303030; display: inline-flex; align-items: center; gap: 6px; }
button.primary { background: #303030; border-color: #303030; color: #fff; }
button:disabled { cursor: not-allowed; opacity: 0.55; }
button[aria-busy='true'] { cursor: progress; }
a { color: #005bd3; }
.banner { border-radius: 8px; padding: 10px 12px; background: #eaf4ff; color: #303030; display: flex; flex-direction: column; gap: 4px; }
.banner.success { background: #e3f5e9; }
.banner.warning { background: #fff1d6; }
.banner.critical { background: #fee9e8; }
.spinner { display: inline-block; width: 16px; height: 16px; border: 2px solid #c9c9c9; border-top-color: #303030; border-radius: 50%; animation: spin 0.8s linear infinite; }
.loading { display: flex; justify-content: center; padding: 32px; }
@keyframes spin { to { transform: rotate(360deg); } }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.field { display: flex; flex-direction: column; gap: 4px; }
.label { font-weight: 550; }
.control, input[type='number'] { font: inherit; padding: 6px 10px; border: 1px solid #8a8a8a; border-radius: 8px; background: #fff; color: #303030; width: 100%; box-sizing: border-box; }
.control[aria-invalid='true'] { border-color: #c70a24; }
.with-suffix { display: flex; align-items: center; gap: 8px; }
.details { display: block; color: #616161; margin-top: 4px; }
.error { display: block; color: #8e1f0b; margin-top: 4px; }
.checkbox { display: flex; align-items: center; gap: 6px; cursor: pointer; }
.checkbox .label { font-weight: 400; overflow-wrap: anywhere; }
.image { display: block; width: 100%; border-radius: 8px; background: #ebebeb; }
.block { padding: 16px; display: flex; flex-direction: column; gap: 12px; }
.badge { display: inline-block; border-radius: 8px; padding: 2px 8px; font-size: 12px; font-weight: 550; background: #ebebeb; color: #303030; }
.badge.info { background: #e0f0ff; color: #00527c; }
.badge.success { background: #cdfee1; color: #0c5132; }
.badge.caution, .badge.warning { background: #fff1d6; color: #5e4200; }
.badge.critical { background: #fee9e8; color: #8e1f0b; }
.thumbnail { display: block; object-fit: cover; border-radius: 8px; border: 1px solid #e3e3e3; background: #ebebeb; }
`;

export const documentCss = `
html, body { margin: 0; font: 14px/1.45 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', sans-serif; color: #303030; background: #fff; }
s-paragraph { display: block; margin: 0; }
s-paragraph[color='subdued'], s-text[color='subdued'] { color: #616161; }
s-text[type='strong'] { font-weight: 650; }
s-text[tone='critical'] { color: #8e1f0b; }
s-unordered-list { display: block; padding-left: 20px; }
/* Block with room for its numbers, as Polaris's: inline, its markers hung in the modal's padding. */
s-ordered-list { display: block; padding-left: 24px; }
s-ordered-list > s-list-item { list-style-type: decimal; }
s-list-item { display: list-item; }
`;
