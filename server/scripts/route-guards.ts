// Writes the "Every route" table of docs/permissions.md from the routes the app registers.
import { createTestApp } from '../src/test/app.ts';
import { writeRouteTable } from '../src/test/route-guards.ts';

const t = await createTestApp();
writeRouteTable(t.app.apiRoutes);
console.log(`docs/permissions.md: ${t.app.apiRoutes.length} routes`);
await t.close();
