import { ADMIN_NAV_ENTRIES, NAV_ENTRIES, showsAdminGroup } from '@monitoring/contracts';
import { useCan } from '../api/useCan.ts';
import { AdminNavGroup } from './AdminNavGroup.tsx';
import { NavEntryLink } from './NavEntryLink.tsx';
import { visibleEntries } from './nav-model.ts';

/** The navigation bar of product.md §2: each entry only for users who pass its permission. */
export function NavBar() {
  const can = useCan();
  const entries = visibleEntries(NAV_ENTRIES, can);
  const adminEntries = showsAdminGroup(can) ? visibleEntries(ADMIN_NAV_ENTRIES, can) : [];
  return (
    <nav className="nav-bar" aria-label="Основное меню">
      <ul className="nav-bar__list">
        {entries.map((entry) => (
          <li key={entry.key}>
            <NavEntryLink entry={entry} className="nav-bar__link" />
          </li>
        ))}
        {adminEntries.length > 0 && (
          <li>
            <AdminNavGroup entries={adminEntries} />
          </li>
        )}
      </ul>
    </nav>
  );
}
