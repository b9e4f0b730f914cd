import { barrerEntradasMalas } from '../../test/entradas-malas.ts';

// Part 3 of the bad-input sweep over every API route (apps/api/src/test/entradas-malas.ts).
await barrerEntradasMalas(3, 3);
