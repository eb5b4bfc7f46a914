import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 12: the layout's boundaries are enforced by the repository's own lint configuration (eslint.config.js with
 * eslint-rules/boundaries.js): web features never import each other, server modules never import another module's
 * repository. These tests run exactly that configuration, restricted to the two rules, on probes: they fail when the
 * rules stop firing or stop applying to the folders. The tree itself is held by `npm run lint` (`eslint .`), which
 * `npm test` runs first.
 */
const REPO = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: REPO, ruleFilter: ({ ruleId }) => ruleId.startsWith('boundaries/') });

async function probe(code: string, filePath: string) {
  const [r] = await eslint.lintText(code, { filePath: path.join(REPO, filePath) });
  return r.messages.map((m) => m.ruleId);
}

describe('web: no feature imports another feature', () => {
  it('refuses an import into another feature, static or lazy, and allows shared code and the own feature', async () => {
    const file = 'apps/web/src/features/chains/pages/ProbePage.tsx';
    expect(
      await probe(
        "import { ArticleList } from '../../content/components/ArticleList.tsx';\nexport { ArticleList };\n",
        file,
      ),
    ).toEqual(['boundaries/no-cross-feature-import']);
    expect(
      await probe("export const load = () => import('../../products/pages/SupermarketPage.tsx');\n", file),
    ).toEqual(['boundaries/no-cross-feature-import']);
    expect(await probe("export { useRegions } from '../../../components/use-regions.ts';\n", file)).toEqual([]);
    expect(await probe("import '../components/x.css';\nexport { ChainPage } from './ChainPage.tsx';\n", file)).toEqual(
      [],
    );
  });

  it('lets the app layer (route table, composing pages) import every feature', async () => {
    expect(
      await probe(
        "export { FeaturedProducts } from '../../features/products/components/FeaturedProducts.tsx';\n",
        'apps/web/src/app/pages/ProbePage.tsx',
      ),
    ).toEqual([]);
  });
});

describe("server: no module imports another module's repository", () => {
  it("refuses another module's *.repo.ts and allows its non-repo files and the own repository", async () => {
    const file = 'apps/server/src/modules/products/probe.ts';
    expect(
      await probe("import { insertAudit } from '../audit/audit.repo.ts';\nexport { insertAudit };\n", file),
    ).toEqual(['boundaries/no-foreign-repo-import']);
    expect(
      await probe(
        "export { writeAudit } from '../audit/audit.ts';\nexport { incrementGrants } from './products.repo.ts';\n",
        file,
      ),
    ).toEqual([]);
  });
});
