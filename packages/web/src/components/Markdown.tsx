import { useMemo, type MouseEvent } from 'react';
import { markdownToPlainText } from '@sortie/core';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useLocation } from 'wouter';
import { useInBrowser } from './useInBrowser';

/*
 * The one way markdown reaches the page (blog, docs, descriptions). Authors are staff, but a
 * collected or pasted text can carry anything: the HTML marked produces goes through
 * DOMPurify, which drops scripts, event handler attributes and every link whose scheme is not
 * http(s), mailto or tel (no javascript:, no data:). External links open with
 * rel="noopener noreferrer".
 */

const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute(name);
      // DOMPurify lets data: through on images; here no data: URL is kept anywhere.
      if (value !== null && (!SAFE_URL.test(value.trim()) || /^\s*data:/i.test(value))) node.removeAttribute(name);
    }
    // A code block or a table wider than the page scrolls in its own box: the keyboard must reach it too.
    if (node.tagName === 'PRE' || node.tagName === 'TABLE') node.setAttribute('tabindex', '0');
    if (node.tagName === 'A') {
      const href = node.getAttribute('href');
      if (href && isExternal(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
      }
    }
  });
  return (purifier = instance);
}

function isExternal(href: string): boolean {
  if (!/^https?:/i.test(href)) return false;
  try {
    return new URL(href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Markdown to safe HTML. `headingOffset` pushes headings down so the page's own h1 stays the only one. */
export function renderMarkdown(source: string, { headingOffset = 1 }: { headingOffset?: number } = {}): string {
  const marked = new Marked({
    gfm: true,
    async: false,
    walkTokens(token) {
      if (token.type === 'heading') token.depth = Math.min(6, token.depth + headingOffset);
    },
  });
  const html = marked.parse(source) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URL,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  });
}

/** Drops a first heading that repeats the page title (blog bodies often start with it). */
export function withoutLeadingTitle(source: string, title: string): string {
  const match = /^\s*#{1,6}\s+(.+?)\s*#*\s*(?:\n|$)/.exec(source);
  return match && match[1]!.trim() === title.trim() ? source.slice(match[0].length) : source;
}

// Tailwind's preflight strips the look of headings and lists: give markdown back its rhythm.
const PROSE = [
  'leading-relaxed break-words',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:text-accent [&_a]:underline [&_a:hover]:no-underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:text-muted',
  '[&_code]:rounded [&_code]:bg-surface [&_code]:px-1 [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface [&_pre]:p-4',
  '[&_img]:my-4 [&_img]:max-w-full [&_img]:rounded-lg [&_table]:my-4 [&_table]:w-full [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_hr]:my-6 [&_hr]:border-line',
].join(' ');

export function Markdown({ source, headingOffset = 1, className = '' }: { source: string; headingOffset?: number; className?: string }) {
  // DOMPurify needs a DOM: the server (and the browser's hydration of its page) shows the
  // text without markup, and the browser's next render the sanitised HTML.
  const inBrowser = useInBrowser();
  const html = useMemo(() => (inBrowser ? renderMarkdown(source, { headingOffset }) : null), [inBrowser, source, headingOffset]);
  const [, navigate] = useLocation();
  // Links inside the site move the router rather than reloading the whole app.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      navigate(href);
    }
  };
  if (html === null) {
    return (
      <div className={`${PROSE} ${className}`}>
        {markdownToPlainText(source)
          .split(/\n{2,}/)
          .map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
      </div>
    );
  }
  return (
    // Delegation only: the links themselves take the keyboard.
    <div className={`${PROSE} ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
