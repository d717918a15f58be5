import { FsBlobStore } from '../../src/adapters/blob-store/fs.js';
import { tempDir } from '../helpers/temp.js';
import { describeBlobStoreContract } from './blob-store.contract.js';

describeBlobStoreContract('filesystem', async () => new FsBlobStore(tempDir()));
