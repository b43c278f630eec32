import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { inLocale } from '../test-support/i18n';
import { RouteNotice } from './RouteNotice';

describe('the route notice on a server-rendered page', () => {
  it('hydrates without it (the server never sees the history entry), then shows it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      inLocale(
        <MemoryRouter initialEntries={['/']}>
          <RouteNotice />
        </MemoryRouter>,
      ),
    );
    expect(container.innerHTML).toBe('');
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        inLocale(
          <MemoryRouter initialEntries={[{ pathname: '/', state: { notice: 'Your changes are saved.' } }]}>
            <RouteNotice />
          </MemoryRouter>,
        ),
        { onRecoverableError },
      );
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Your changes are saved.');
  });
});
