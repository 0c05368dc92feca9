/** Input errors of the LLM-DM method (bad domain directories, feedback files, answers). */
import { GroundplanError } from '../../core/errors.js';

export class LlmDmInputError extends GroundplanError {
  constructor(message: string) {
    super('LLMDM_INPUT', message);
  }
}
