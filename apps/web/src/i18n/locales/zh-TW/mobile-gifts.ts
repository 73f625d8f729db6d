import shared from './gifts';

/** Gift strings, merged into the mobile namespace under `gifts`. */
const strings = { gifts: shared };

export default strings;
