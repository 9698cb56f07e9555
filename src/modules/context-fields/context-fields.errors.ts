import { AppError, nameExists, notFound } from '../../core/errors/app-error.js';

export function contextFieldNotFound(name: string): AppError {
  return notFound(`Could not find context field with name ${name}`);
}

/** A project-scoped route naming a field of another project (or a root field): Unleash answers 404 too. */
export function contextFieldNotInProject(name: string, projectId: string): AppError {
  return notFound(`Could not find context field ${name} in project ${projectId}`);
}

export function contextFieldNameTaken(): AppError {
  return nameExists('A context field with that name already exist');
}

/** Unleash refuses to delete a field that strategies of flags not archived name (409, its wording). */
export function contextFieldInUse(): AppError {
  return new AppError(
    'ConflictError',
    'This context field is in use by existing flags. To delete it, first remove its usage from all flags.',
  );
}

export function projectNotFound(projectId: string): AppError {
  return notFound(`Could not find project ${projectId}`);
}
