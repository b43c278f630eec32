import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@souq/shared';
import { renderInLocale } from '../../test-support/i18n';
import { AuthForm } from './AuthForm';

function renderForm(locale: Locale, path = '/login') {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ google: { enabled: true } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
  const router = createMemoryRouter([{ path: '/login', element: <AuthForm /> }], { initialEntries: [path] });
  renderInLocale(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { locale },
  );
}

describe('the login and register form', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('keeps its English words', () => {
    renderForm('en');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login using Google' })).toBeTruthy();
    expect(screen.getByText("Don't have an account?")).toBeTruthy();
  });

  it('speaks Arabic, with the shared field messages in Arabic where the catalog has them', () => {
    renderForm('ar', '/login?mode=register');
    expect(screen.getByRole('heading', { name: 'أنشئ حسابك' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول باستخدام Google' })).toBeTruthy();
    const phone = screen.getByLabelText('رقم الهاتف');
    expect(phone.getAttribute('inputmode')).toBe('tel');
    expect(phone.getAttribute('dir')).toBe('ltr');
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
    expect(screen.getByLabelText('البريد الإلكتروني').getAttribute('aria-invalid')).toBe('true');
  });
});
