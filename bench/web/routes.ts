// The dashboard's route table as the bench needs it: which lazily loaded modules (layouts and pages)
// a URL needs before its first screen renders. Read from router.tsx's source with the TypeScript
// parser (the router itself cannot be imported into Node: it pulls in the whole UI), then matched
// with React Router's own matchRoutes, so that ranking and optional segments are the app's.
import { matchRoutes, type RouteObject } from 'react-router';
import ts from 'typescript';

export interface RouteNode {
  path?: string;
  index?: boolean;
  /** Modules `lazy` imports, relative to the router file's folder (e.g. `./routes/login`). */
  modules: string[];
  children?: RouteNode[];
}

/** Every `import('…')` specifier inside a node. */
function dynamicImports(node: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] !== undefined &&
      ts.isStringLiteral(n.arguments[0])
    ) {
      found.push(n.arguments[0].text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * The route tree of the array literal assigned to `exportName` in a router source file. A route's
 * `lazy` may call a helper of the same file (`unavailable('…')`): its imports are the helper's.
 */
export function parseRouteTree(source: string, exportName: string): RouteNode[] {
  const file = ts.createSourceFile('router.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const helpers = new Map<string, ts.Node>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined) continue;
      helpers.set(declaration.name.text, declaration.initializer);
      if (declaration.name.text === exportName && ts.isArrayLiteralExpression(declaration.initializer)) {
        table = declaration.initializer;
      }
    }
  }
  if (table === undefined) throw new Error(`No route array named ${exportName} in the router file.`);

  const lazyModules = (initializer: ts.Expression): string[] => {
    const direct = dynamicImports(initializer);
    if (direct.length > 0) return direct;
    if (ts.isCallExpression(initializer) && ts.isIdentifier(initializer.expression)) {
      const helper = helpers.get(initializer.expression.text);
      if (helper !== undefined) return dynamicImports(helper);
    }
    return [];
  };
  const toRoutes = (array: ts.ArrayLiteralExpression): RouteNode[] =>
    array.elements.filter(ts.isObjectLiteralExpression).map((object) => {
      const route: RouteNode = { modules: [] };
      for (const property of object.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const name = property.name.getText(file);
        const value = property.initializer;
        if (name === 'path' && ts.isStringLiteral(value)) route.path = value.text;
        else if (name === 'index') route.index = value.kind === ts.SyntaxKind.TrueKeyword;
        else if (name === 'lazy') route.modules = lazyModules(value);
        else if (name === 'children' && ts.isArrayLiteralExpression(value)) route.children = toRoutes(value);
      }
      return route;
    });
  return toRoutes(table);
}

const toRouteObjects = (nodes: RouteNode[]): RouteObject[] =>
  nodes.map((node) =>
    node.index === true
      ? { index: true, handle: node.modules }
      : {
          path: node.path,
          handle: node.modules,
          ...(node.children === undefined ? {} : { children: toRouteObjects(node.children) }),
        },
  );

/** The lazily loaded modules a URL needs, outermost layout first, or undefined when nothing matches. */
export function modulesForUrl(tree: RouteNode[], url: string): string[] | undefined {
  const matches = matchRoutes(toRouteObjects(tree), url);
  return matches?.flatMap((match) => match.route.handle as string[]);
}

/** Every page route: the full path and the lazily loaded modules of the route and its ancestors. */
export function pageRoutes(tree: RouteNode[]): { path: string; modules: string[] }[] {
  const pages: { path: string; modules: string[] }[] = [];
  const walk = (nodes: RouteNode[], parentPath: string, inherited: string[]) => {
    for (const node of nodes) {
      const path =
        node.path === undefined
          ? parentPath
          : node.path.startsWith('/')
            ? node.path
            : `${parentPath.replace(/\/$/, '')}/${node.path}`;
      const modules = [...inherited, ...node.modules];
      if (node.children !== undefined) walk(node.children, path, modules);
      else if (node.modules.length > 0) pages.push({ path, modules });
    }
  };
  walk(tree, '', []);
  return pages;
}
