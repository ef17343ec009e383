import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImageRefLike } from '@sortie/core';
import { ResponsiveImage } from './ResponsiveImage';

const id = '0123456789abcdef01234567';
const file = (width: number, ext: string) => `/api/images/files/${id}-${width}-0123456789abcdef.${ext}`;
const poster: ImageRefLike = {
  id,
  alt: 'Affiche du concert de Zaz',
  width: 2400,
  height: 1200,
  variants: [320, 640, 1280].flatMap((width) => (['avif', 'webp', 'jpeg'] as const).map((format) => ({ url: file(width, format === 'jpeg' ? 'jpg' : format), width, height: width / 2, format }))),
};

describe('ResponsiveImage', () => {
  it('offers AVIF and WebP sources and a JPEG img, each with every width, and reserves the picture’s room', () => {
    const { container } = render(<ResponsiveImage image={poster} sizes="(min-width: 56rem) 864px, 100vw" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(`${file(320, 'avif')} 320w, ${file(640, 'avif')} 640w, ${file(1280, 'avif')} 1280w`);
    expect(sources.every((s) => s.getAttribute('sizes') === '(min-width: 56rem) 864px, 100vw')).toBe(true);
    const img = screen.getByRole('img', { name: 'Affiche du concert de Zaz' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.getAttribute('src')).toBe(file(1280, 'jpg'));
    expect(img.getAttribute('srcset')).toBe(`${file(320, 'jpg')} 320w, ${file(640, 'jpg')} 640w, ${file(1280, 'jpg')} 1280w`);
    expect(img.getAttribute('sizes')).toBe('(min-width: 56rem) 864px, 100vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '640']);
  });

  it('loads lazily and decodes off the main thread by default', () => {
    render(<ResponsiveImage image={poster} sizes="80px" alt="" width={80} height={80} />);
    const img = document.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    // A thumbnail keeps the box it is drawn in; the text alternative may be left empty (decorative).
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt')]).toEqual(['80', '80', '']);
  });

  it('loads the page’s main image at once and before the others', () => {
    render(<ResponsiveImage image={poster} sizes="100vw" priority />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the address of a record written before uploads as a plain img', () => {
    const { container } = render(<ResponsiveImage image="https://images.example.org/affiche.jpg" sizes="80px" alt="Affiche" width={80} height={80} />);
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Affiche' });
    expect(img.getAttribute('src')).toBe('https://images.example.org/affiche.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('draws nothing for an empty field or an address that is not http(s)', () => {
    const { container } = render(
      <>
        <ResponsiveImage image={undefined} sizes="80px" />
        <ResponsiveImage image="javascript:alert(1)" sizes="80px" />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
