// The empty states' illustration: a product photo with a spark, drawn inline so the page needs
// no image request and no third-party host. It is exactly the size Polaris reserves for an
// empty state's image (14.125rem = 226 px square), so nothing moves when it appears.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="226" height="226" viewBox="0 0 226 226" fill="none">
<g transform="translate(0 33)">
<rect x="33" y="22" width="160" height="116" rx="12" fill="#F1F1F1" stroke="#8A8A8A" stroke-width="3"/>
<path d="M45 122l38-44 28 30 20-22 50 36z" fill="#C9C9C9"/>
<circle cx="150" cy="54" r="12" fill="#E3E3E3"/>
<path d="M188 14l5 12 12 5-12 5-5 12-5-12-12-5 12-5z" fill="#8051FF"/>
</g>
</svg>`;

export const EMPTY_STATE_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
