// graphql-codegen's schema loader (codegen.ts): the pinned Admin schema from .cache/, the file
// the emulator and the operations' schema test read, so the generated types describe exactly
// the schema the documents are validated against.
import { loadAdminSchema } from '../emulators/shopify/admin-schema.ts';

export default function adminSchema() {
  return loadAdminSchema();
}
