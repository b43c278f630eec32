import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERASED_USERNAME_PREFIX } from '@souq/shared';
import { renderInLocale } from '../test-support/i18n';
import { PersonName } from './PersonName';

describe('a person’s name', () => {
  afterEach(cleanup);

  it('is their username', () => {
    renderInLocale(<PersonName username="amira" />);
    expect(screen.getByText('amira').tagName).toBe('BDI');
  });

  it('is “Deleted account” for an erased account, in either language (issue 45)', () => {
    const erased = `${ERASED_USERNAME_PREFIX}0123456789abcdef`;
    renderInLocale(<PersonName username={erased} />);
    expect(screen.getByText('Deleted account')).toBeTruthy();
    cleanup();
    renderInLocale(<PersonName username={erased} />, { locale: 'ar' });
    expect(screen.getByText('حساب محذوف')).toBeTruthy();
    expect(screen.queryByText(erased)).toBeNull();
  });
});
