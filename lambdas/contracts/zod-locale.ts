import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini loads no locale: without this its messages are generic ("Invalid input" where full zod
 * says "Invalid input: expected string, received number"). Importing this module (for its side
 * effect) gives the English messages full zod has; the schemas' own messages are unaffected. Every
 * contract imports it through contract.ts, and a module that validates with schemas of its own
 * (the pipeline tasks) imports it itself, before any parse.
 */
z.config(en());
