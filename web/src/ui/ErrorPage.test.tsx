import { ERROR_PAGE_BACK_LINK, ERROR_PAGE_TITLE, NOT_FOUND_TEXT } from '@monitoring/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUser } from '../test/render-with-user.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

describe('ErrorPage', () => {
  it.each([
    [403, '403 Forbidden'],
    [418, '418 Network error'],
    [999, '999 Unhandled error'],
    [500, '500 Internal Server Error'],
  ])('shows the title, the status line for %i and the way home', (status, line) => {
    renderWithUser(<ErrorPage status={status} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ERROR_PAGE_TITLE);
    expect(screen.getByTestId('error-status').textContent).toBe(line);
    expect(screen.getByRole('link', { name: ERROR_PAGE_BACK_LINK }).getAttribute('href')).toBe('/');
  });
});

describe('NotFoundPage', () => {
  it('says the page could not be found under a Russian title, with status 404', () => {
    renderWithUser(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена');
    expect(screen.getByTestId('error-status').textContent).toBe(`404 ${NOT_FOUND_TEXT}`);
    expect(screen.getByRole('link', { name: ERROR_PAGE_BACK_LINK }).getAttribute('href')).toBe('/');
  });
});
