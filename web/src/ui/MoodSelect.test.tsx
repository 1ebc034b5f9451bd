import { MOOD_LABELS } from '@monitoring/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoodSelect } from './MoodSelect.tsx';
import { MoodTable } from './MoodTable.tsx';

/** The mood names a table's rows show, top to bottom. */
function tableOrder(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('tbody tr.ant-table-row')).map(
    (row) => row.querySelector('td')?.textContent?.trim() ?? '',
  );
}

describe('one mood order (contracts MOOD_ORDER)', () => {
  it('lists the moods in the dropdown in the order of the mood table, «Другое» after the neutral', async () => {
    const table = render(<MoodTable table={null} />);
    const rows = tableOrder(table.container);
    const names = Object.values(MOOD_LABELS);
    const inTable = rows.map((text) => names.find((name) => text.startsWith(name)));
    table.unmount();

    render(<MoodSelect value={null} onChange={() => {}} aria-label="Тональность сообщения" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Тональность сообщения' }));
    await screen.findByRole('listbox');
    // The drawn items carry the mood names as titles (antd's listbox options are only for screen readers).
    const shown = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (item) => item.getAttribute('title') ?? '',
    );
    expect(inTable).not.toContain(undefined);
    expect(shown).toEqual([inTable[0], inTable[1], inTable[2], MOOD_LABELS[4], inTable[3], inTable[4]]);
  });
});
