import { walkHostileInput } from './test/hostile-input-walk.ts';

// Every route fed hostile input field by field (test/hostile-input-walk.ts): part 1 of 2.
await walkHostileInput(0, 2);
