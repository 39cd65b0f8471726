import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { trimCharacters } from "~/lib/trim-characters";

/**
 * Article bodies are Markdown written by trainers. Rendering is done on the server with
 * raw HTML switched off, and the result goes through an allowlist anyway: a staff
 * account can be phished, and the page is read by every member.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const SAFE_LINK = /^(?:https?:|mailto:)/i;
/** Anything that names a scheme (letters then a colon before any slash, ? or #). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Whitespace and control characters browsers ignore inside a URL scheme ("java\tscript:"). */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, "");
}

function isRelative(url: string): boolean {
  // "//host" is another site; a backslash is treated as a slash by browsers.
  return !HAS_SCHEME.test(url) && !url.startsWith("//") && !url.includes("\\");
}

export function isSafeLink(href: string): boolean {
  const url = normaliseUrl(href);
  return SAFE_LINK.test(url) || isRelative(url);
}

/**
 * Images come from this site only (uploads): the Content-Security-Policy allows no other
 * image origin, and a third-party image would tell that site who reads the article.
 */
export function isSafeImageSource(src: string): boolean {
  const url = normaliseUrl(src);
  return isRelative(url) && url !== "";
}

const isExternal = (href: string) => /^(?:https?:|mailto:)/i.test(normaliseUrl(href));

const sanitizeOptions: sanitizeHtml.IOptions = {
  // What markdown-it produces, nothing more.
  allowedTags: [
    "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "blockquote", "ul", "ol", "li", "pre", "code",
    "em", "strong", "s", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "loading"],
    ol: ["start"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // The article title is the page's only h1: headings in the body start one level down.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (!isSafeLink(href)) {
        const { href: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      const { rel: _given, ...rest } = attribs;
      return { tagName, attribs: isExternal(href) ? { ...rest, rel: "noopener noreferrer nofollow" } : rest };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? "";
      if (!isSafeImageSource(src)) return { tagName: "span", attribs: {}, text: attribs.alt ?? "" };
      return { tagName, attribs: { ...attribs, loading: "lazy" } };
    },
  },
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math"],
};

/** Markdown to HTML that is safe to put in the page as it is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions);
}

/** The text of the rendered Markdown, whitespace collapsed (for descriptions and search snippets). */
export function markdownToText(source: string): string {
  const html = markdown.render(source);
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ["script", "style", "textarea", "option", "noscript"] })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A plain-text description of about `max` characters, cut at a word boundary. */
export function snippet(source: string, max = 160): string {
  const text = markdownToText(source);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  // markdownToText has made every run of white space one space.
  return `${trimCharacters(space > max / 2 ? cut.slice(0, space) : cut, " .,;:!?-", "end")}…`;
}
