import { walkHostileInput } from './test/hostile-input-walk.ts';

// Every route fed hostile input field by field (test/hostile-input-walk.ts): part 2 of 2.
await walkHostileInput(1, 2);
