// The HTTP methods under which an OpenAPI path item holds its operations (the Path Item Object of OpenAPI 3.0 and 3.1,
// in its order): the one list for everything that reads the operations of specs/.
/** @type {readonly string[]} */
export const httpMethods = Object.freeze(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
