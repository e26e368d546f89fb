/** Why a request cannot start a run, field by field. */
import { AppError, invalidFields, type FieldProblem } from '../../../platform/errors.ts';

export type BulkProblem = FieldProblem;

/** The request cannot start a run; nothing was created or charged. */
export class BulkRequestError extends AppError {
  override readonly name = 'BulkRequestError';
  readonly problems: BulkProblem[];
  constructor(problems: BulkProblem[]) {
    const { message, fields } = invalidFields('invalid_bulk_run', problems);
    super('invalid', 'invalid_bulk_run', { message, fields });
    this.problems = problems;
  }
}
