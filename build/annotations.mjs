import { parse } from 'acorn'

const ANNOTATION = /^\s*[#@]__(PURE|NO_SIDE_EFFECTS)__\s*$/

/**
 * Removes the `/* @__PURE__ *\/` marks terser left where a host's bundler cannot read them. The package keeps the marks
 * so that a host's bundler can drop what it does not use (an EVM-only host, the Solana networks), but terser's
 * compression moves some of valibot's into places no mark belongs (`(/* @__PURE__ *\/a.b, c)`), and Rollup, so Vite 7,
 * warns about each of them in every host's build. A mark stays where Rollup would use it: before a call or `new`,
 * possibly as the left-most part of a larger expression, or before a function (docs/packaging.md).
 *
 * A Rollup plugin; it must come after terser in `plugins`.
 */
export function validAnnotationsOnly() {
  return {
    name: 'foyer-valid-annotations-only',
    renderChunk(code) {
      const comments = []
      const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', onComment: comments })
      const marks = comments.filter((comment) => comment.type === 'Block' && ANNOTATION.test(comment.value))
      if (marks.length === 0) return null
      const starting = nodesByStart(ast)
      const misplaced = marks.filter((mark) => !isReadable(mark, code, starting))
      if (misplaced.length === 0) return null
      let out = code
      for (const mark of misplaced.reverse()) out = out.slice(0, mark.start) + out.slice(mark.end)
      return { code: out, map: null }
    },
  }
}

/** The outermost node that starts at each position. */
function nodesByStart(ast) {
  const outermost = new Map()
  const visit = (node) => {
    if (!outermost.has(node.start)) outermost.set(node.start, node)
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child.type === 'string' && typeof child.start === 'number') visit(child)
      }
    }
  }
  visit(ast)
  return outermost
}

/** Rollup's reading of a mark: the node after it (past spaces and parentheses), down its left-most parts, is a call. */
function isReadable(mark, code, starting) {
  let at = mark.end
  while (at < code.length && /[\s(]/.test(code[at])) at++
  let node = starting.get(at)
  const start = node?.start
  while (node) {
    switch (node.type) {
      case 'CallExpression':
      case 'NewExpression':
      case 'FunctionDeclaration':
      case 'ArrowFunctionExpression':
        return true
      case 'ExpressionStatement':
      case 'ChainExpression':
        node = node.expression
        break
      case 'SequenceExpression':
        node = node.expressions[0].start === start ? node.expressions[0] : undefined
        break
      case 'ConditionalExpression':
        node = node.test.start === start ? node.test : undefined
        break
      case 'LogicalExpression':
      case 'BinaryExpression':
        node = node.left.start === start ? node.left : undefined
        break
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        node = node.declaration
        break
      case 'VariableDeclaration':
        node = node.kind === 'const' ? node.declarations[0]?.init : undefined
        break
      case 'VariableDeclarator':
        node = node.init
        break
      default:
        return false
    }
  }
  return false
}
