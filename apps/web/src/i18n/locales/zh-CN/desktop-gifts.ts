import shared from './gifts';

/** Gift strings, merged into the desktop namespace under `gifts`. */
const strings = { gifts: shared };

export default strings;
