import { ROLES, type RoleId } from '@monitoring/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api.ts';
import { renderWithUser } from '../../test/render-with-user.tsx';
import { buildUser } from '../../test/users.ts';
import { MessageFiltersPanel, searchPatch } from './MessageFiltersPanel.tsx';
import { MessageFiltersSkeleton } from './MessageFiltersSkeleton.tsx';

function renderPanel(role: RoleId, onChange = vi.fn()) {
  installFakeApi({ user: buildUser({ role }) });
  renderWithUser(<MessageFiltersPanel filter={{}} onChange={onChange} onReset={() => {}} />, {
    user: buildUser({ role }),
  });
  return onChange;
}

describe('the marker panel filters', () => {
  it('show as tags that remove them', () => {
    const onChange = vi.fn();
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderWithUser(
      <MessageFiltersPanel filter={{ soc_panel: 3, panelist: 17 }} onChange={onChange} onReset={() => {}} />,
      { user: buildUser({ role: ROLES.user }) },
    );
    expect(screen.getByText('Маркерная панель № 3: ЛОМ панели')).toBeTruthy();
    const panelist = screen.getByText('Участник панели № 17: его ЛОМ');
    fireEvent.click(panelist.parentElement?.querySelector('.ant-tag-close-icon') as Element);
    expect(onChange).toHaveBeenCalledWith({ panelist: undefined });
  });

  it('shows the messages chosen by id (the panel’s viral content) as a tag that removes them', () => {
    const onChange = vi.fn();
    installFakeApi({ user: buildUser({ role: ROLES.user }) });
    renderWithUser(
      <MessageFiltersPanel filter={{ id_in: [5, 8, 13] }} onChange={onChange} onReset={() => {}} />,
      { user: buildUser({ role: ROLES.user }) },
    );
    const chosen = screen.getByText('Выбранные сообщения: 3');
    fireEvent.click(chosen.parentElement?.querySelector('.ant-tag-close-icon') as Element);
    expect(onChange).toHaveBeenCalledWith({ id_in: undefined });
  });
});

describe('the filters a role may use (product.md §6)', () => {
  it('gives an editor the content type and the editors’ messages, but not approval', () => {
    const onChange = renderPanel(ROLES.editor);
    expect(screen.getByLabelText('Типы контента')).toBeTruthy();
    expect(screen.queryByLabelText('Одобрено')).toBeNull();
    const manual = screen.getByLabelText('Созданы редакторами');
    fireEvent.mouseDown(manual);
    fireEvent.click(screen.getAllByText('Да').at(-1) as HTMLElement);
    expect(onChange).toHaveBeenCalledWith({ is_manual: true });
  });

  it('gives a super editor approval too', () => {
    renderPanel(ROLES.superEditor);
    expect(screen.getByLabelText('Одобрено')).toBeTruthy();
    expect(screen.getByLabelText('Созданы редакторами')).toBeTruthy();
  });

  it('shows a user neither the content type nor the editors’ messages', () => {
    renderPanel(ROLES.user);
    expect(screen.queryByLabelText('Типы контента')).toBeNull();
    expect(screen.queryByLabelText('Созданы редакторами')).toBeNull();
    expect(screen.getByLabelText('Проверено')).toBeTruthy();
  });
});

describe('the skeleton shown while the panel loads (docs/first-screen.md)', () => {
  /** What decides the panel's size: controls per row of the grid and the flags with their labels. */
  function shape(container: HTMLElement) {
    const panel = container.querySelector('.filters-panel') as HTMLElement;
    const rows = [...panel.children].map((row) => row.className);
    return {
      rows,
      firstRow: panel.querySelector('.filters-panel__row')?.children.length,
      grid: panel.querySelector('.filters-panel__grid')?.children.length,
      flags: [...panel.querySelectorAll('.flag-filter__label')].map((label) => label.textContent),
      reset: panel.querySelectorAll('.filters-panel__flags > button').length,
    };
  }

  it.each([ROLES.user, ROLES.editor, ROLES.superEditor])('has the shape of the panel for role %s', (role) => {
    const user = buildUser({ role });
    installFakeApi({ user });
    const panel = renderWithUser(<MessageFiltersPanel filter={{}} onChange={() => {}} onReset={() => {}} />, {
      user,
    });
    const skeleton = renderWithUser(<MessageFiltersSkeleton filter={{}} onReset={() => {}} />, { user });
    expect(shape(skeleton.container)).toEqual(shape(panel.container));
  });
});

describe('the search and the relevance ordering', () => {
  function renderWith(filter: Parameters<typeof MessageFiltersPanel>[0]['filter'], onChange = vi.fn()) {
    const user = buildUser({ role: ROLES.user });
    installFakeApi({ user });
    renderWithUser(<MessageFiltersPanel filter={filter} onChange={onChange} onReset={() => {}} />, { user });
    return onChange;
  }

  const orderingLabels = () => {
    fireEvent.mouseDown(screen.getByLabelText('Сортировка'));
    return Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((o) => o.textContent);
  };

  it('offers «По релевантности» only with a search', () => {
    renderWith({ search: 'газпром' });
    expect(orderingLabels()).toContain('По релевантности');
  });

  it('does not offer it without a search, and shows the default for a stray one in the URL', () => {
    renderWith({ ordering: '-relevance' });
    expect(screen.getByText('Сначала новые')).toBeTruthy();
    expect(orderingLabels()).not.toContain('По релевантности');
  });

  it('drops the relevance ordering with the search it ranked', async () => {
    const onChange = renderWith({ search: 'газпром', ordering: '-relevance' });
    const box = screen.getByRole('combobox', { name: 'Поиск по тексту сообщений' });
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ search: undefined, ordering: undefined }, { replace: true }),
    );
    expect(searchPatch({ ordering: '-si' }, undefined)).toEqual({ search: undefined });
    expect(searchPatch({ ordering: '-relevance' }, 'нефть')).toEqual({ search: 'нефть' });
  });

  it('sends no invalid query to the filter', async () => {
    const onChange = renderWith({});
    const box = screen.getByRole('combobox', { name: 'Поиск по тексту сообщений' });
    fireEvent.change(box, { target: { value: 'газпром AND' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(await screen.findByText('После AND нужно слово или выражение, позиция 9')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });
});
