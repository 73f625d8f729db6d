import { z } from 'zod';
import { id } from './fields.js';

/** Toggles: likes the target when not yet liked, else takes the like back. */
export const LikeToggleBody = z.object({ target_id: id() });
export type LikeToggleBody = z.infer<typeof LikeToggleBody>;
