import { barrerEntradasMalas } from '../../test/entradas-malas.ts';

// Part 1 of the bad-input sweep over every API route (apps/api/src/test/entradas-malas.ts).
await barrerEntradasMalas(1, 3);
