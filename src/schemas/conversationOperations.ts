/**
 * Every operation of the conversation manager v3 (spec 4.2) as data: its HTTP method and its
 * path TEMPLATE. The client builds each request from this table, so the template it hands
 * the HTTP core (which names the rate bucket, L2) cannot drift from the path it calls, and
 * the scope table (requiredScopes.ts) is keyed by the same operation names.
 */

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The setup resources of 4.2, in the setup order of spec 1 (C3), with their path segment. */
export const SETUP_RESOURCES = ['authentications', 'clientapplications', 'participants', 'channels', 'orchestrations', 'accounts'] as const;
export type SetupResource = (typeof SETUP_RESOURCES)[number];

export const CRUD_ACTIONS = ['create', 'list', 'get', 'update', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export type SetupOperation = `${SetupResource}.${CrudAction}`;
export type InteractionOperation = 'messages.send' | 'conversations.get' | 'assets.create' | 'assets.get' | 'assets.delete';
export type ConversationOperation = SetupOperation | InteractionOperation;

export interface OperationRoute {
  method: HttpVerb;
  template: string;
}

function crudRoutes(resource: SetupResource): Record<`${SetupResource}.${CrudAction}`, OperationRoute> {
  const collection = `/${resource}`;
  const one = `/${resource}/{id}`;
  return {
    [`${resource}.create`]: { method: 'POST', template: collection },
    [`${resource}.list`]: { method: 'GET', template: collection },
    [`${resource}.get`]: { method: 'GET', template: one },
    [`${resource}.update`]: { method: 'PUT', template: one },
    [`${resource}.delete`]: { method: 'DELETE', template: one },
  } as Record<SetupOperation, OperationRoute>;
}

export const CONVERSATION_OPERATIONS: Readonly<Record<ConversationOperation, OperationRoute>> = Object.freeze({
  ...SETUP_RESOURCES.reduce((acc, r) => ({ ...acc, ...crudRoutes(r) }), {} as Record<SetupOperation, OperationRoute>),
  'messages.send': { method: 'POST', template: '/conversations/messages' },
  'conversations.get': { method: 'GET', template: '/conversations/{id}' },
  'assets.create': { method: 'POST', template: '/assets' },
  'assets.get': { method: 'GET', template: '/assets/{id}' },
  'assets.delete': { method: 'DELETE', template: '/assets/{id}' },
});
