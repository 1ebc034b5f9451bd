import { render, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildMessage } from '../test/messages.ts';
import { MessageCard } from './MessageCard.tsx';

function card(overrides: Parameters<typeof buildMessage>[0]) {
  const { container } = render(
    <MemoryRouter>
      <MessageCard
        message={buildMessage(overrides)}
        selectable={false}
        selected={false}
        onSelect={() => {}}
      />
    </MemoryRouter>,
  );
  return container.querySelector('article') as HTMLElement;
}

describe('the status and flags of a message card', () => {
  it('shows one status derived from the flags, and the other flags apart, not beside the theme', () => {
    const article = card({
      state: 2,
      verified: true,
      verified_by_super_editor: true,
      verified_ai: true,
      delayed: true,
    });
    const status = article.querySelector('[data-status]') as HTMLElement;
    expect(status.dataset.status).toBe('approved');
    expect(status.textContent).toBe('Статус: Одобрено');
    // The stored state's label does not contradict it, and no word of the status repeats as a tag.
    expect(article.textContent).not.toContain('Размечено ИИ');
    expect(article.textContent?.match(/Одобрено/g)).toHaveLength(1);
    expect(article.textContent).not.toContain('Проверено');

    const flags = within(article).getByRole('list', { name: 'Отметки' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Отложено']);
    const classification = article.querySelector('.message-card__classification') as HTMLElement;
    expect(classification.textContent).toBe('Благоустройство');
    expect(classification.contains(flags)).toBe(false);
  });

  it('reads the stored state when no check has been made', () => {
    expect(card({ state: 2 }).querySelector('[data-status]')?.textContent).toBe('Статус: Размечено ИИ');
    expect(card({ state: 1, trash: true }).querySelector('[data-flag="trash"]')?.textContent).toBe(
      'В корзине',
    );
  });
});
