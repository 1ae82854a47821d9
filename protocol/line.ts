/** Fixed values the spec gives for LINE bind data: the multi-account LINE source and its token source. */
export const LINE_SOURCE = 'LineMultiOA';
export const LINE_TOKEN_SOURCE = 'cyberbiz';
