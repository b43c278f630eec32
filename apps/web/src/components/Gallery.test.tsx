import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInLocale } from '../test-support/i18n';
import { Gallery } from './Gallery';

const IMAGES = [1, 2, 3].map((n) => ({ url: `/u/${n}.jpg`, thumb: `/t/${n}.jpg` }));

describe('the product gallery', () => {
  afterEach(cleanup);

  it('names each image in English as before, and the right arrow shows the next', () => {
    renderInLocale(<Gallery images={IMAGES} title="Falcon watch" />);
    expect(screen.getByAltText('Falcon watch, image 1 of 3')).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText('Product images: use the arrow keys to browse'), { key: 'ArrowRight' });
    expect(screen.getByAltText('Falcon watch, image 2 of 3')).toBeTruthy();
    screen.getByRole('button', { name: 'Show image 3 of 3' });
  });

  it('in Arabic, names the images in Arabic and goes on with the left arrow, as the page reads', () => {
    renderInLocale(<Gallery images={IMAGES} title="Falcon watch" />, { locale: 'ar' });
    expect(screen.getByAltText('Falcon watch، الصورة 1 من 3')).toBeTruthy();
    fireEvent.keyDown(screen.getByLabelText('صور المنتج: استخدم مفاتيح الأسهم للتنقل بينها'), { key: 'ArrowLeft' });
    expect(screen.getByAltText('Falcon watch، الصورة 2 من 3')).toBeTruthy();
    screen.getByRole('button', { name: 'عرض الصورة 3 من 3' });
  });
});
