import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown-text';

describe('markdownToPlainText', () => {
  it('keeps the words, the link addresses and the paragraphs, drops the marks', () => {
    expect(markdownToPlainText('# Titre\n\nDu *jazz*, du __blues__ et `du code`.\n\n> Une citation\n\n![affiche](https://x.fr/a.png)\n\n---\n\n* un\n* deux')).toBe(
      'Titre\n\nDu jazz, du blues et du code.\n\nUne citation\n\naffiche\n\n• un\n• deux',
    );
    expect(markdownToPlainText('Voir <https://sortie.example> et [https://a.fr](https://a.fr) ; snake_case_word reste.')).toBe('Voir https://sortie.example et https://a.fr ; snake_case_word reste.');
  });

  it('keeps a code block’s text, drops HTML tags and strike marks, reads entities and titled links', () => {
    expect(markdownToPlainText('```js\nconst a = 1;\n```\n<b>Gras</b>&nbsp;et ~~barré~~ &amp; [site](https://a.fr "Le site")\r\n\r\n\r\n\r\nFin   ')).toBe(
      'const a = 1;\n\nGras et barré & site (https://a.fr)\n\nFin',
    );
    expect(markdownToPlainText('')).toBe('');
  });
});
