// Path parameters whose value the server assigns: the id of a resource created by a POST on its collection (Planning
// and Scheduling's `POST /planning/requests` answers `Location: /planning/requests/<new id>`). The request samples of
// the operations that name such a resource carry the spec's example id, which no server has assigned; the note by the
// Send button (theme/ApiExplorer/Request) says where the real one comes from. Which ids those are is the sandbox's
// reading of the spec (src/plugins/sandbox/handlers/operations.mjs: `create-in-collection`), so that the page says
// what the sandbox does.
// Types only from the sandbox's model, which the page generator passes in: the note's code in the browser imports this
// module for its constant.
import type {SandboxApi} from '../sandbox/handlers/operations.mjs';
import {segmentsOf} from '../sandbox/handlers/path-template.mjs';

/** The member of the explorer's operation that lists its server-assigned path parameters. */
export const assignedIdsProperty = 'x-setu-assigned-ids';

/** A path parameter whose value the server assigns, and the operation whose answer names it (its `Location`). */
export interface AssignedId {
  param: string;
  createdBy: {operationId: string; method: string; path: string; title: string; route: string};
}

type Spec = {paths?: Record<string, Record<string, {operationId?: string; summary?: string}>>};

/**
 * For an API version (its reference's route, its spec and the sandbox's model of it, sandboxApiOf): the
 * server-assigned path parameters of each of its operations (by operationId).
 */
export function assignedIdsOf(referenceRoute: string, spec: Spec, model: SandboxApi): (operationId: string) => AssignedId[] {
  const titleOf = (operationId: string) =>
    Object.values(spec.paths ?? {})
      .flatMap((item) => Object.values(item))
      .find((op) => op?.operationId === operationId)?.summary ?? operationId;
  return (operationId) => {
    const operation = model.operations.find((o) => o.operationId === operationId);
    if (!operation) return [];
    const segments = segmentsOf(operation.path);
    return operation.parameters
      .filter((p) => p.in === 'path')
      .flatMap((p): AssignedId[] => {
        // The resource the parameter names: the path up to it.
        const at = segments.indexOf(`{${p.name}}`);
        const resource = `/${segments.slice(0, at + 1).join('/')}`;
        const creator = model.operations.find((o) => o.kind === 'create-in-collection' && o.resource === resource);
        if (!creator) return [];
        return [
          {
            param: p.name,
            createdBy: {
              operationId: creator.operationId,
              method: creator.method,
              path: creator.path,
              title: titleOf(creator.operationId),
              route: `${referenceRoute}/${creator.operationId}`,
            },
          },
        ];
      });
  };
}
