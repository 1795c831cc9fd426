#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SCALES,
  array,
  evalgateConfig,
  extractScore,
  majorityVote,
  mean,
  metricItemSchema,
  normalizeScore,
  number,
  object,
  populationVariance,
  record,
  spread,
  string,
  unknown,
  unreliableVerdict
} from "./chunk-Z33VT27Q.js";
import {
  ConfigError,
  excerpt,
  redact,
  redactDeep
} from "./chunk-7NFMH2RE.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-WNP4D27T.js";

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar5 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode3(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar5(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap5;
    exports.isNode = isNode3;
    exports.isPair = isPair2;
    exports.isScalar = isScalar5;
    exports.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit2(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    function visit_(key, node, visitor, path8) {
      const ctrl = callVisitor(key, node, visitor, path8);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path8, ctrl);
        return visit_(key, ctrl, visitor, path8);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path8 = Object.freeze(path8.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path8);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path8 = Object.freeze(path8.concat(node));
          const ck = visit_("key", node.key, visitor, path8);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path8);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path8) {
      const ctrl = await callVisitor(key, node, visitor, path8);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path8, ctrl);
        return visitAsync_(key, ctrl, visitor, path8);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path8 = Object.freeze(path8.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path8);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path8 = Object.freeze(path8.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path8);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path8);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path8) {
      if (typeof visitor === "function")
        return visitor(key, node, path8);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path8);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path8);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path8);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path8);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path8);
      return void 0;
    }
    function replaceNode(key, path8, node) {
      const parent = path8[path8.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit2;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line2, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line2.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit2.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit2.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit2 = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit2.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path8, value) {
      let v = value;
      for (let i = path8.length - 1; i >= 0; --i) {
        const k = path8[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path8) => path8 == null || typeof path8 === "object" && !!path8[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path8, value) {
        if (isEmptyPath(path8))
          this.add(value);
        else {
          const [key, ...rest] = path8;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path8) {
        const [key, ...rest] = path8;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path8, keepScalar) {
        const [key, ...rest] = path8;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path8) {
        const [key, ...rest] = path8;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path8, value) {
        const [key, ...rest] = path8;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line2 = lines[i];
          str += line2 ? `
${indent}${line2}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum2, line2) => sum2 + line2.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum2, line2) => sum2 + line2.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line2 of lines)
            str += line2 ? `
${indentStep}${indent}${line2}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string2 = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string2;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node.minFractionDigits = str.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string2.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string2 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string2.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string2 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string2.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path8, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path8, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path8) {
        if (Collection.isEmptyPath(path8)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path8) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path8, keepScalar) {
        if (Collection.isEmptyPath(path8))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path8, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path8) {
        if (Collection.isEmptyPath(path8))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path8) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path8, value) {
        if (Collection.isEmptyPath(path8)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path8), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path8, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line: line2, col } = error.linePos[0];
      error.message += ` at line ${line2}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line2 - 1], lc.lineStarts[line2]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line2 > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line2 - 2], lc.lineStarts[line2 - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line2 && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep3, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep3?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep3) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep3 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep3, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep3 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep3 + cb;
              sep3 = "";
              break;
            }
            case "newline":
              if (comment)
                sep3 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap5 = fc.start.source === "{";
      const fcName = isMap5 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap5 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep3, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep3?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep3 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap5 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap5 && !sep3 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep3, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep3 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap5 && !props.found && ctx.options.strict) {
              if (sep3)
                for (const st of sep3) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep3, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap5) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap5 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep3 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep3 + indent.slice(trimIndent) + content;
          sep3 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep3 === " ")
            sep3 = "\n";
          else if (!prevMoreIndented && sep3 === "\n")
            sep3 = "\n\n";
          value += sep3 + indent.slice(trimIndent) + content;
          sep3 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep3 === "\n")
            value += "\n";
          else
            sep3 = "\n";
        } else {
          value += sep3 + content;
          sep3 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line2 = /(.*?)\r?\n/sy;
      let match = line2.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep3 = " ";
      let pos = line2.lastIndex;
      while (match = line2.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep3 === "\n")
            res += sep3;
          else
            sep3 = "\n";
        } else {
          res += sep3 + lm;
          sep3 = " ";
        }
        pos = line2.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep3 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep3, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep3)
        for (const st of sep3)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit2(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    visit2.itemAtPath = (cst, path8) => {
      let item = cst;
      for (const [field, index] of path8) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit2.parentCollection = (cst, path8) => {
      const parent = visit2.itemAtPath(cst, path8.slice(0, -1));
      const field = path8[path8.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path8, item, visitor) {
      let ctrl = visitor(item, path8);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path8.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path8);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path8) : ctrl;
    }
    exports.visit = visit2;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar5 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar5;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line2 = this.getLine();
        if (line2 === null)
          return this.setNext("stream");
        if (line2[0] === cst.BOM) {
          yield* this.pushCount(1);
          line2 = line2.substring(1);
        }
        if (line2[0] === "%") {
          let dirEnd = line2.length;
          let cs = line2.indexOf("#");
          while (cs !== -1) {
            const ch = line2[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line2.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line2[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line2.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line2.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line2 = this.getLine();
        if (line2 === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line2[n]) {
          case "#":
            yield* this.pushCount(line2.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line2.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line2 = this.getLine();
        if (line2 === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line2[0] !== "#" || indent === 0 && (line2.startsWith("---") || line2.startsWith("...")) && isEmpty(line2[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line2[0] === "]" || line2[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line2[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line2[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line2.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter4 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter4;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list2, type) {
      for (let i = 0; i < list2.length; ++i)
        if (list2[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list2) {
      for (let i = 0; i < list2.length; ++i) {
        switch (list2[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep3;
          if (scalar.end) {
            sep3 = scalar.end;
            sep3.push(this.sourceToken);
            delete scalar.end;
          } else
            sep3 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep3 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep3 = it.sep;
                  sep3.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep3 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep3 = fc.end.splice(1, fc.end.length);
            sep3.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep3 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument4(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument4(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument4;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit2 = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit2.visit;
    exports.visitAsync = visit2.visitAsync;
  }
});

// node_modules/picomatch/lib/constants.js
var require_constants = __commonJS({
  "node_modules/picomatch/lib/constants.js"(exports, module) {
    "use strict";
    var WIN_SLASH = "\\\\/";
    var WIN_NO_SLASH = `[^${WIN_SLASH}]`;
    var DEFAULT_MAX_EXTGLOB_RECURSION = 0;
    var DOT_LITERAL = "\\.";
    var PLUS_LITERAL = "\\+";
    var QMARK_LITERAL = "\\?";
    var SLASH_LITERAL = "\\/";
    var ONE_CHAR = "(?=.)";
    var QMARK = "[^/]";
    var END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
    var START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
    var DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
    var NO_DOT = `(?!${DOT_LITERAL})`;
    var NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
    var NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
    var NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
    var QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
    var STAR = `${QMARK}*?`;
    var SEP2 = "/";
    var POSIX_CHARS = {
      DOT_LITERAL,
      PLUS_LITERAL,
      QMARK_LITERAL,
      SLASH_LITERAL,
      ONE_CHAR,
      QMARK,
      END_ANCHOR,
      DOTS_SLASH,
      NO_DOT,
      NO_DOTS,
      NO_DOT_SLASH,
      NO_DOTS_SLASH,
      QMARK_NO_DOT,
      STAR,
      START_ANCHOR,
      SEP: SEP2
    };
    var WINDOWS_CHARS = {
      ...POSIX_CHARS,
      SLASH_LITERAL: `[${WIN_SLASH}]`,
      QMARK: WIN_NO_SLASH,
      STAR: `${WIN_NO_SLASH}*?`,
      DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
      NO_DOT: `(?!${DOT_LITERAL})`,
      NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
      NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
      QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
      START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
      END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
      SEP: "\\"
    };
    var POSIX_REGEX_SOURCE = {
      __proto__: null,
      alnum: "a-zA-Z0-9",
      alpha: "a-zA-Z",
      ascii: "\\x00-\\x7F",
      blank: " \\t",
      cntrl: "\\x00-\\x1F\\x7F",
      digit: "0-9",
      graph: "\\x21-\\x7E",
      lower: "a-z",
      print: "\\x20-\\x7E ",
      punct: "\\-!\"#$%&'()\\*+,./:;<=>?@[\\]^_`{|}~",
      space: " \\t\\r\\n\\v\\f",
      upper: "A-Z",
      word: "A-Za-z0-9_",
      xdigit: "A-Fa-f0-9"
    };
    module.exports = {
      DEFAULT_MAX_EXTGLOB_RECURSION,
      MAX_LENGTH: 1024 * 64,
      POSIX_REGEX_SOURCE,
      // regular expressions
      REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
      REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
      REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
      REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
      REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
      REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,
      // Replace globs with equivalent patterns to reduce parsing time.
      REPLACEMENTS: {
        __proto__: null,
        "***": "*",
        "**/**": "**",
        "**/**/**": "**"
      },
      // Digits
      CHAR_0: 48,
      /* 0 */
      CHAR_9: 57,
      /* 9 */
      // Alphabet chars.
      CHAR_UPPERCASE_A: 65,
      /* A */
      CHAR_LOWERCASE_A: 97,
      /* a */
      CHAR_UPPERCASE_Z: 90,
      /* Z */
      CHAR_LOWERCASE_Z: 122,
      /* z */
      CHAR_LEFT_PARENTHESES: 40,
      /* ( */
      CHAR_RIGHT_PARENTHESES: 41,
      /* ) */
      CHAR_ASTERISK: 42,
      /* * */
      // Non-alphabetic chars.
      CHAR_AMPERSAND: 38,
      /* & */
      CHAR_AT: 64,
      /* @ */
      CHAR_BACKWARD_SLASH: 92,
      /* \ */
      CHAR_CARRIAGE_RETURN: 13,
      /* \r */
      CHAR_CIRCUMFLEX_ACCENT: 94,
      /* ^ */
      CHAR_COLON: 58,
      /* : */
      CHAR_COMMA: 44,
      /* , */
      CHAR_DOT: 46,
      /* . */
      CHAR_DOUBLE_QUOTE: 34,
      /* " */
      CHAR_EQUAL: 61,
      /* = */
      CHAR_EXCLAMATION_MARK: 33,
      /* ! */
      CHAR_FORM_FEED: 12,
      /* \f */
      CHAR_FORWARD_SLASH: 47,
      /* / */
      CHAR_GRAVE_ACCENT: 96,
      /* ` */
      CHAR_HASH: 35,
      /* # */
      CHAR_HYPHEN_MINUS: 45,
      /* - */
      CHAR_LEFT_ANGLE_BRACKET: 60,
      /* < */
      CHAR_LEFT_CURLY_BRACE: 123,
      /* { */
      CHAR_LEFT_SQUARE_BRACKET: 91,
      /* [ */
      CHAR_LINE_FEED: 10,
      /* \n */
      CHAR_NO_BREAK_SPACE: 160,
      /* \u00A0 */
      CHAR_PERCENT: 37,
      /* % */
      CHAR_PLUS: 43,
      /* + */
      CHAR_QUESTION_MARK: 63,
      /* ? */
      CHAR_RIGHT_ANGLE_BRACKET: 62,
      /* > */
      CHAR_RIGHT_CURLY_BRACE: 125,
      /* } */
      CHAR_RIGHT_SQUARE_BRACKET: 93,
      /* ] */
      CHAR_SEMICOLON: 59,
      /* ; */
      CHAR_SINGLE_QUOTE: 39,
      /* ' */
      CHAR_SPACE: 32,
      /*   */
      CHAR_TAB: 9,
      /* \t */
      CHAR_UNDERSCORE: 95,
      /* _ */
      CHAR_VERTICAL_LINE: 124,
      /* | */
      CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279,
      /* \uFEFF */
      /**
       * Create EXTGLOB_CHARS
       */
      extglobChars(chars) {
        return {
          "!": { type: "negate", open: "(?:(?!(?:", close: `))${chars.STAR})` },
          "?": { type: "qmark", open: "(?:", close: ")?" },
          "+": { type: "plus", open: "(?:", close: ")+" },
          "*": { type: "star", open: "(?:", close: ")*" },
          "@": { type: "at", open: "(?:", close: ")" }
        };
      },
      /**
       * Create GLOB_CHARS
       */
      globChars(win32) {
        return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
      }
    };
  }
});

// node_modules/picomatch/lib/utils.js
var require_utils = __commonJS({
  "node_modules/picomatch/lib/utils.js"(exports) {
    "use strict";
    var {
      REGEX_BACKSLASH,
      REGEX_REMOVE_BACKSLASH,
      REGEX_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_GLOBAL
    } = require_constants();
    exports.isObject = (val) => val !== null && typeof val === "object" && !Array.isArray(val);
    exports.hasRegexChars = (str) => REGEX_SPECIAL_CHARS.test(str);
    exports.isRegexChar = (str) => str.length === 1 && exports.hasRegexChars(str);
    exports.escapeRegex = (str) => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, "\\$1");
    exports.toPosixSlashes = (str) => str.replace(REGEX_BACKSLASH, "/");
    exports.isWindows = () => {
      if (typeof navigator !== "undefined" && navigator.platform) {
        const platform = navigator.platform.toLowerCase();
        return platform === "win32" || platform === "windows";
      }
      if (typeof process !== "undefined" && process.platform) {
        return process.platform === "win32";
      }
      return false;
    };
    exports.removeBackslashes = (str) => {
      return str.replace(REGEX_REMOVE_BACKSLASH, (match) => {
        return match === "\\" ? "" : match;
      });
    };
    exports.escapeLast = (input, char, lastIdx) => {
      const idx = input.lastIndexOf(char, lastIdx);
      if (idx === -1) return input;
      if (input[idx - 1] === "\\") return exports.escapeLast(input, char, idx - 1);
      return `${input.slice(0, idx)}\\${input.slice(idx)}`;
    };
    exports.removePrefix = (input, state = {}) => {
      let output = input;
      if (output.startsWith("./")) {
        output = output.slice(2);
        state.prefix = "./";
      }
      return output;
    };
    exports.wrapOutput = (input, state = {}, options = {}) => {
      const prepend = options.contains ? "" : "^";
      const append = options.contains ? "" : "$";
      let output = `${prepend}(?:${input})${append}`;
      if (state.negated === true) {
        output = `(?:^(?!${output}).*$)`;
      }
      return output;
    };
    exports.basename = (path8, { windows } = {}) => {
      const segs = path8.split(windows ? /[\\/]/ : "/");
      const last = segs[segs.length - 1];
      if (last === "") {
        return segs[segs.length - 2];
      }
      return last;
    };
  }
});

// node_modules/picomatch/lib/scan.js
var require_scan = __commonJS({
  "node_modules/picomatch/lib/scan.js"(exports, module) {
    "use strict";
    var utils = require_utils();
    var {
      CHAR_ASTERISK,
      /* * */
      CHAR_AT,
      /* @ */
      CHAR_BACKWARD_SLASH,
      /* \ */
      CHAR_COMMA,
      /* , */
      CHAR_DOT,
      /* . */
      CHAR_EXCLAMATION_MARK,
      /* ! */
      CHAR_FORWARD_SLASH,
      /* / */
      CHAR_LEFT_CURLY_BRACE,
      /* { */
      CHAR_LEFT_PARENTHESES,
      /* ( */
      CHAR_LEFT_SQUARE_BRACKET,
      /* [ */
      CHAR_PLUS,
      /* + */
      CHAR_QUESTION_MARK,
      /* ? */
      CHAR_RIGHT_CURLY_BRACE,
      /* } */
      CHAR_RIGHT_PARENTHESES,
      /* ) */
      CHAR_RIGHT_SQUARE_BRACKET
      /* ] */
    } = require_constants();
    var isPathSeparator = (code) => {
      return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
    };
    var depth = (token) => {
      if (token.isPrefix !== true) {
        token.depth = token.isGlobstar ? Infinity : 1;
      }
    };
    var scan = (input, options) => {
      const opts = options || {};
      const length = input.length - 1;
      const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
      const slashes = [];
      const tokens = [];
      const parts = [];
      let str = input;
      let index = -1;
      let start = 0;
      let lastIndex = 0;
      let isBrace = false;
      let isBracket = false;
      let isGlob = false;
      let isExtglob = false;
      let isGlobstar = false;
      let braceEscaped = false;
      let backslashes = false;
      let negated = false;
      let negatedExtglob = false;
      let finished = false;
      let braces = 0;
      let prev;
      let code;
      let token = { value: "", depth: 0, isGlob: false };
      const eos = () => index >= length;
      const peek = () => str.charCodeAt(index + 1);
      const advance = () => {
        prev = code;
        return str.charCodeAt(++index);
      };
      while (index < length) {
        code = advance();
        let next;
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          code = advance();
          if (code === CHAR_LEFT_CURLY_BRACE) {
            braceEscaped = true;
          }
          continue;
        }
        if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (code === CHAR_LEFT_CURLY_BRACE) {
              braces++;
              continue;
            }
            if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (braceEscaped !== true && code === CHAR_COMMA) {
              isBrace = token.isBrace = true;
              isGlob = token.isGlob = true;
              finished = true;
              if (scanToEnd === true) {
                continue;
              }
              break;
            }
            if (code === CHAR_RIGHT_CURLY_BRACE) {
              braces--;
              if (braces === 0) {
                braceEscaped = false;
                isBrace = token.isBrace = true;
                finished = true;
                break;
              }
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_FORWARD_SLASH) {
          slashes.push(index);
          tokens.push(token);
          token = { value: "", depth: 0, isGlob: false };
          if (finished === true) continue;
          if (prev === CHAR_DOT && index === start + 1) {
            start += 2;
            continue;
          }
          lastIndex = index + 1;
          continue;
        }
        if (opts.noext !== true) {
          const isExtglobChar = code === CHAR_PLUS || code === CHAR_AT || code === CHAR_ASTERISK || code === CHAR_QUESTION_MARK || code === CHAR_EXCLAMATION_MARK;
          if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
            isGlob = token.isGlob = true;
            isExtglob = token.isExtglob = true;
            finished = true;
            if (code === CHAR_EXCLAMATION_MARK && index === start) {
              negatedExtglob = true;
            }
            if (scanToEnd === true) {
              let parens = 0;
              while (eos() !== true && (code = advance())) {
                if (code === CHAR_BACKWARD_SLASH) {
                  backslashes = token.backslashes = true;
                  advance();
                  continue;
                }
                if (code === CHAR_LEFT_PARENTHESES) {
                  parens++;
                  continue;
                }
                if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                  finished = true;
                  break;
                }
              }
              continue;
            }
            break;
          }
        }
        if (code === CHAR_ASTERISK) {
          if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_QUESTION_MARK) {
          isGlob = token.isGlob = true;
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (code === CHAR_LEFT_SQUARE_BRACKET) {
          while (eos() !== true && (next = advance())) {
            if (next === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }
            if (next === CHAR_RIGHT_SQUARE_BRACKET) {
              isBracket = token.isBracket = true;
              isGlob = token.isGlob = true;
              finished = true;
              break;
            }
          }
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
        if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
          negated = token.negated = true;
          start++;
          continue;
        }
        if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
          isGlob = token.isGlob = true;
          if (scanToEnd === true) {
            let parens = 1;
            while (eos() !== true && (code = advance())) {
              if (code === CHAR_BACKWARD_SLASH) {
                backslashes = token.backslashes = true;
                advance();
                continue;
              }
              if (code === CHAR_LEFT_PARENTHESES) {
                parens++;
                continue;
              }
              if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
                finished = true;
                break;
              }
            }
            continue;
          }
          break;
        }
        if (isGlob === true) {
          finished = true;
          if (scanToEnd === true) {
            continue;
          }
          break;
        }
      }
      if (opts.noext === true) {
        isExtglob = false;
        isGlob = false;
      }
      let base = str;
      let prefix = "";
      let glob = "";
      if (start > 0) {
        prefix = str.slice(0, start);
        str = str.slice(start);
        lastIndex -= start;
      }
      if (base && isGlob === true && lastIndex > 0) {
        base = str.slice(0, lastIndex);
        glob = str.slice(lastIndex);
      } else if (isGlob === true) {
        base = "";
        glob = str;
      } else {
        base = str;
      }
      if (base && base !== "" && base !== "/" && base !== str) {
        if (isPathSeparator(base.charCodeAt(base.length - 1))) {
          base = base.slice(0, -1);
        }
      }
      if (opts.unescape === true) {
        if (glob) glob = utils.removeBackslashes(glob);
        if (base && backslashes === true) {
          base = utils.removeBackslashes(base);
        }
      }
      const state = {
        prefix,
        input,
        start,
        base,
        glob,
        isBrace,
        isBracket,
        isGlob,
        isExtglob,
        isGlobstar,
        negated,
        negatedExtglob
      };
      if (opts.tokens === true) {
        state.maxDepth = 0;
        if (!isPathSeparator(code)) {
          tokens.push(token);
        }
        state.tokens = tokens;
      }
      if (opts.parts === true || opts.tokens === true) {
        let prevIndex;
        for (let idx = 0; idx < slashes.length; idx++) {
          const n2 = prevIndex !== void 0 ? prevIndex + 1 : start;
          const i = slashes[idx];
          const value2 = input.slice(n2, i);
          if (opts.tokens) {
            if (idx === 0 && start !== 0) {
              tokens[idx].isPrefix = true;
              tokens[idx].value = prefix;
            } else {
              tokens[idx].value = value2;
            }
            depth(tokens[idx]);
            state.maxDepth += tokens[idx].depth;
          }
          if (i >= start) {
            parts.push(value2);
            prevIndex = i;
          }
        }
        const n = prevIndex !== void 0 ? prevIndex + 1 : start;
        const value = input.slice(n);
        parts.push(value);
        if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
          tokens[tokens.length - 1].value = value;
          depth(tokens[tokens.length - 1]);
          state.maxDepth += tokens[tokens.length - 1].depth;
        }
        state.slashes = slashes;
        state.parts = parts;
      }
      return state;
    };
    module.exports = scan;
  }
});

// node_modules/picomatch/lib/parse.js
var require_parse = __commonJS({
  "node_modules/picomatch/lib/parse.js"(exports, module) {
    "use strict";
    var constants = require_constants();
    var utils = require_utils();
    var {
      MAX_LENGTH,
      POSIX_REGEX_SOURCE,
      REGEX_NON_SPECIAL_CHARS,
      REGEX_SPECIAL_CHARS_BACKREF,
      REPLACEMENTS
    } = constants;
    var expandRange = (args, options) => {
      if (typeof options.expandRange === "function") {
        return options.expandRange(...args, options);
      }
      args.sort();
      const value = `[${args.join("-")}]`;
      try {
        new RegExp(value);
      } catch (ex) {
        return args.map((v) => utils.escapeRegex(v)).join("..");
      }
      return value;
    };
    var syntaxError = (type, char) => {
      return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
    };
    var splitTopLevel = (input) => {
      const parts = [];
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let value = "";
      let escaped = false;
      for (const ch of input) {
        if (escaped === true) {
          value += ch;
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          value += ch;
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          value += ch;
          continue;
        }
        if (quote === 0) {
          if (ch === "[") {
            bracket++;
          } else if (ch === "]" && bracket > 0) {
            bracket--;
          } else if (bracket === 0) {
            if (ch === "(") {
              paren++;
            } else if (ch === ")" && paren > 0) {
              paren--;
            } else if (ch === "|" && paren === 0) {
              parts.push(value);
              value = "";
              continue;
            }
          }
        }
        value += ch;
      }
      parts.push(value);
      return parts;
    };
    var isPlainBranch = (branch) => {
      let escaped = false;
      for (const ch of branch) {
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (/[?*+@!()[\]{}]/.test(ch)) {
          return false;
        }
      }
      return true;
    };
    var normalizeSimpleBranch = (branch) => {
      let value = branch.trim();
      let changed = true;
      while (changed === true) {
        changed = false;
        if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
          value = value.slice(2, -1);
          changed = true;
        }
      }
      if (!isPlainBranch(value)) {
        return;
      }
      return value.replace(/\\(.)/g, "$1");
    };
    var hasRepeatedCharPrefixOverlap = (branches) => {
      const values2 = branches.map(normalizeSimpleBranch).filter(Boolean);
      for (let i = 0; i < values2.length; i++) {
        for (let j = i + 1; j < values2.length; j++) {
          const a = values2[i];
          const b = values2[j];
          const char = a[0];
          if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
            continue;
          }
          if (a === b || a.startsWith(b) || b.startsWith(a)) {
            return true;
          }
        }
      }
      return false;
    };
    var parseRepeatedExtglob = (pattern, requireEnd = true) => {
      if (pattern[0] !== "+" && pattern[0] !== "*" || pattern[1] !== "(") {
        return;
      }
      let bracket = 0;
      let paren = 0;
      let quote = 0;
      let escaped = false;
      for (let i = 1; i < pattern.length; i++) {
        const ch = pattern[i];
        if (escaped === true) {
          escaped = false;
          continue;
        }
        if (ch === "\\") {
          escaped = true;
          continue;
        }
        if (ch === '"') {
          quote = quote === 1 ? 0 : 1;
          continue;
        }
        if (quote === 1) {
          continue;
        }
        if (ch === "[") {
          bracket++;
          continue;
        }
        if (ch === "]" && bracket > 0) {
          bracket--;
          continue;
        }
        if (bracket > 0) {
          continue;
        }
        if (ch === "(") {
          paren++;
          continue;
        }
        if (ch === ")") {
          paren--;
          if (paren === 0) {
            if (requireEnd === true && i !== pattern.length - 1) {
              return;
            }
            return {
              type: pattern[0],
              body: pattern.slice(2, i),
              end: i
            };
          }
        }
      }
    };
    var buildCharClassStar = (chars) => {
      const source = chars.length === 1 ? utils.escapeRegex(chars[0]) : `[${chars.map((ch) => utils.escapeRegex(ch)).join("")}]`;
      return `${source}*`;
    };
    var getStarExtglobSequenceChars = (pattern) => {
      let index = 0;
      const chars = [];
      while (index < pattern.length) {
        const match = parseRepeatedExtglob(pattern.slice(index), false);
        if (!match || match.type !== "*") {
          return;
        }
        const branches = splitTopLevel(match.body).map((branch2) => branch2.trim());
        if (branches.length !== 1) {
          return;
        }
        const branch = normalizeSimpleBranch(branches[0]);
        if (!branch || branch.length !== 1) {
          return;
        }
        chars.push(branch);
        index += match.end + 1;
      }
      if (chars.length < 1) {
        return;
      }
      return chars;
    };
    var repeatedExtglobRecursion = (pattern) => {
      let depth = 0;
      let value = pattern.trim();
      let match = parseRepeatedExtglob(value);
      while (match) {
        depth++;
        value = match.body.trim();
        match = parseRepeatedExtglob(value);
      }
      return depth;
    };
    var analyzeRepeatedExtglob = (body, options) => {
      if (options.maxExtglobRecursion === false) {
        return { risky: false };
      }
      const max = typeof options.maxExtglobRecursion === "number" ? options.maxExtglobRecursion : constants.DEFAULT_MAX_EXTGLOB_RECURSION;
      const branches = splitTopLevel(body).map((branch) => branch.trim());
      if (branches.length > 1) {
        if (branches.some((branch) => branch === "") || branches.some((branch) => /^[*?]+$/.test(branch)) || hasRepeatedCharPrefixOverlap(branches)) {
          return { risky: true };
        }
      }
      const safeChars = [];
      let sawStarSequence = false;
      let combinable = true;
      for (const branch of branches) {
        const chars = getStarExtglobSequenceChars(branch);
        if (chars) {
          sawStarSequence = true;
          safeChars.push(...chars);
          continue;
        }
        const literal = normalizeSimpleBranch(branch);
        if (literal && literal.length === 1) {
          safeChars.push(literal);
          continue;
        }
        combinable = false;
        if (repeatedExtglobRecursion(branch) > max) {
          return { risky: true };
        }
      }
      if (sawStarSequence) {
        return combinable ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) } : { risky: true };
      }
      return { risky: false };
    };
    var parse = (input, options) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected a string");
      }
      input = REPLACEMENTS[input] || input;
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      let len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      const bos = { type: "bos", value: "", output: opts.prepend || "" };
      const tokens = [bos];
      const capture = opts.capture ? "" : "?:";
      const PLATFORM_CHARS = constants.globChars(opts.windows);
      const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);
      const {
        DOT_LITERAL,
        PLUS_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOT_SLASH,
        NO_DOTS_SLASH,
        QMARK,
        QMARK_NO_DOT,
        STAR,
        START_ANCHOR
      } = PLATFORM_CHARS;
      const globstar = (opts2) => {
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const nodot = opts.dot ? "" : NO_DOT;
      const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
      let star = opts.bash === true ? globstar(opts) : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      if (typeof opts.noext === "boolean") {
        opts.noextglob = opts.noext;
      }
      const state = {
        input,
        index: -1,
        start: 0,
        dot: opts.dot === true,
        consumed: "",
        output: "",
        prefix: "",
        backtrack: false,
        negated: false,
        brackets: 0,
        braces: 0,
        parens: 0,
        quotes: 0,
        globstar: false,
        tokens
      };
      input = utils.removePrefix(input, state);
      len = input.length;
      const extglobs = [];
      const braces = [];
      const stack = [];
      let prev = bos;
      let value;
      const eos = () => state.index === len - 1;
      const peek = state.peek = (n = 1) => input[state.index + n];
      const advance = state.advance = () => input[++state.index] || "";
      const remaining = () => input.slice(state.index + 1);
      const consume = (value2 = "", num = 0) => {
        state.consumed += value2;
        state.index += num;
      };
      const append = (token) => {
        state.output += token.output != null ? token.output : token.value;
        consume(token.value);
      };
      const negate = () => {
        let count = 1;
        while (peek() === "!" && (peek(2) !== "(" || peek(3) === "?")) {
          advance();
          state.start++;
          count++;
        }
        if (count % 2 === 0) {
          return false;
        }
        state.negated = true;
        state.start++;
        return true;
      };
      const increment = (type) => {
        state[type]++;
        stack.push(type);
      };
      const decrement = (type) => {
        state[type]--;
        stack.pop();
      };
      const push = (tok) => {
        if (prev.type === "globstar") {
          const isBrace = state.braces > 0 && (tok.type === "comma" || tok.type === "brace");
          const isExtglob = tok.extglob === true || extglobs.length && (tok.type === "pipe" || tok.type === "paren");
          if (tok.type !== "slash" && tok.type !== "paren" && !isBrace && !isExtglob) {
            state.output = state.output.slice(0, -prev.output.length);
            prev.type = "star";
            prev.value = "*";
            prev.output = star;
            state.output += prev.output;
          }
        }
        if (extglobs.length && tok.type !== "paren") {
          extglobs[extglobs.length - 1].inner += tok.value;
        }
        if (tok.value || tok.output) append(tok);
        if (prev && prev.type === "text" && tok.type === "text") {
          prev.output = (prev.output || prev.value) + tok.value;
          prev.value += tok.value;
          return;
        }
        tok.prev = prev;
        tokens.push(tok);
        prev = tok;
      };
      const extglobOpen = (type, value2) => {
        const token = { ...EXTGLOB_CHARS[value2], conditions: 1, inner: "" };
        token.prev = prev;
        token.parens = state.parens;
        token.output = state.output;
        token.startIndex = state.index;
        token.tokensIndex = tokens.length;
        const output = (opts.capture ? "(" : "") + token.open;
        increment("parens");
        push({ type, value: value2, output: state.output ? "" : ONE_CHAR });
        push({ type: "paren", extglob: true, value: advance(), output });
        extglobs.push(token);
      };
      const extglobClose = (token) => {
        const literal = input.slice(token.startIndex, state.index + 1);
        const body = input.slice(token.startIndex + 2, state.index);
        const analysis = analyzeRepeatedExtglob(body, opts);
        if ((token.type === "plus" || token.type === "star") && analysis.risky) {
          const safeOutput = analysis.safeOutput ? (token.output ? "" : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput) : void 0;
          const open3 = tokens[token.tokensIndex];
          open3.type = "text";
          open3.value = literal;
          open3.output = safeOutput || utils.escapeRegex(literal);
          for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
            tokens[i].value = "";
            tokens[i].output = "";
            delete tokens[i].suffix;
          }
          state.output = token.output + open3.output;
          state.backtrack = true;
          push({ type: "paren", extglob: true, value, output: "" });
          decrement("parens");
          return;
        }
        let output = token.close + (opts.capture ? ")" : "");
        let rest;
        if (token.type === "negate") {
          let extglobStar = star;
          if (token.inner && token.inner.length > 1 && token.inner.includes("/")) {
            extglobStar = globstar(opts);
          }
          if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
            output = token.close = `)$))${extglobStar}`;
          }
          if (token.inner.includes("*") && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
            const expression = parse(rest, { ...options, fastpaths: false }).output;
            output = token.close = `)${expression})${extglobStar})`;
          }
          if (token.prev.type === "bos") {
            state.negatedExtglob = true;
          }
        }
        push({ type: "paren", extglob: true, value, output });
        decrement("parens");
      };
      if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
        let backslashes = false;
        let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
          if (first === "\\") {
            backslashes = true;
            return m;
          }
          if (first === "?") {
            if (esc) {
              return esc + first + (rest ? QMARK.repeat(rest.length) : "");
            }
            if (index === 0) {
              return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : "");
            }
            return QMARK.repeat(chars.length);
          }
          if (first === ".") {
            return DOT_LITERAL.repeat(chars.length);
          }
          if (first === "*") {
            if (esc) {
              return esc + first + (rest ? star : "");
            }
            return star;
          }
          return esc ? m : `\\${m}`;
        });
        if (backslashes === true) {
          if (opts.unescape === true) {
            output = output.replace(/\\/g, "");
          } else {
            output = output.replace(/\\+/g, (m) => {
              return m.length % 2 === 0 ? "\\\\" : m ? "\\" : "";
            });
          }
        }
        if (output === input && opts.contains === true) {
          state.output = input;
          return state;
        }
        state.output = utils.wrapOutput(output, state, options);
        return state;
      }
      while (!eos()) {
        value = advance();
        if (value === "\0") {
          continue;
        }
        if (value === "\\") {
          const next = peek();
          if (next === "/" && opts.bash !== true) {
            continue;
          }
          if (next === "." || next === ";") {
            continue;
          }
          if (!next) {
            value += "\\";
            push({ type: "text", value });
            continue;
          }
          const match = /^\\+/.exec(remaining());
          let slashes = 0;
          if (match && match[0].length > 2) {
            slashes = match[0].length;
            state.index += slashes;
            if (slashes % 2 !== 0) {
              value += "\\";
            }
          }
          if (opts.unescape === true) {
            value = advance();
          } else {
            value += advance();
          }
          if (state.brackets === 0) {
            push({ type: "text", value });
            continue;
          }
        }
        if (state.brackets > 0 && (value !== "]" || prev.value === "[" || prev.value === "[^")) {
          if (opts.posix !== false && value === ":") {
            const inner = prev.value.slice(1);
            if (inner.includes("[")) {
              prev.posix = true;
              if (inner.includes(":")) {
                const idx = prev.value.lastIndexOf("[");
                const pre = prev.value.slice(0, idx);
                const rest2 = prev.value.slice(idx + 2);
                const posix = POSIX_REGEX_SOURCE[rest2];
                if (posix) {
                  prev.value = pre + posix;
                  state.backtrack = true;
                  advance();
                  if (!bos.output && tokens.indexOf(prev) === 1) {
                    bos.output = ONE_CHAR;
                  }
                  continue;
                }
              }
            }
          }
          if (value === "[" && peek() !== ":" || value === "-" && peek() === "]") {
            value = `\\${value}`;
          }
          if (value === "]" && (prev.value === "[" || prev.value === "[^")) {
            value = `\\${value}`;
          }
          if (opts.posix === true && value === "!" && prev.value === "[") {
            value = "^";
          }
          prev.value += value;
          append({ value });
          continue;
        }
        if (state.quotes === 1 && value !== '"') {
          value = utils.escapeRegex(value);
          prev.value += value;
          append({ value });
          continue;
        }
        if (value === '"') {
          state.quotes = state.quotes === 1 ? 0 : 1;
          if (opts.keepQuotes === true) {
            push({ type: "text", value });
          }
          continue;
        }
        if (value === "(") {
          increment("parens");
          push({ type: "paren", value });
          continue;
        }
        if (value === ")") {
          if (state.parens === 0 && opts.strictBrackets === true) {
            throw new SyntaxError(syntaxError("opening", "("));
          }
          const extglob = extglobs[extglobs.length - 1];
          if (extglob && state.parens === extglob.parens + 1) {
            extglobClose(extglobs.pop());
            continue;
          }
          push({ type: "paren", value, output: state.parens ? ")" : "\\)" });
          decrement("parens");
          continue;
        }
        if (value === "[") {
          if (opts.nobracket === true || !remaining().includes("]")) {
            if (opts.nobracket !== true && opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("closing", "]"));
            }
            value = `\\${value}`;
          } else {
            increment("brackets");
          }
          push({ type: "bracket", value });
          continue;
        }
        if (value === "]") {
          if (opts.nobracket === true || prev && prev.type === "bracket" && prev.value.length === 1) {
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          if (state.brackets === 0) {
            if (opts.strictBrackets === true) {
              throw new SyntaxError(syntaxError("opening", "["));
            }
            push({ type: "text", value, output: `\\${value}` });
            continue;
          }
          decrement("brackets");
          const prevValue = prev.value.slice(1);
          if (prev.posix !== true && prevValue[0] === "^" && !prevValue.includes("/")) {
            value = `/${value}`;
          }
          prev.value += value;
          append({ value });
          if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
            continue;
          }
          const escaped = utils.escapeRegex(prev.value);
          state.output = state.output.slice(0, -prev.value.length);
          if (opts.literalBrackets === true) {
            state.output += escaped;
            prev.value = escaped;
            continue;
          }
          prev.value = `(${capture}${escaped}|${prev.value})`;
          state.output += prev.value;
          continue;
        }
        if (value === "{" && opts.nobrace !== true) {
          increment("braces");
          const open3 = {
            type: "brace",
            value,
            output: "(",
            outputIndex: state.output.length,
            tokensIndex: state.tokens.length
          };
          braces.push(open3);
          push(open3);
          continue;
        }
        if (value === "}") {
          const brace = braces[braces.length - 1];
          if (opts.nobrace === true || !brace) {
            push({ type: "text", value, output: value });
            continue;
          }
          let output = ")";
          if (brace.dots === true) {
            const arr = tokens.slice();
            const range = [];
            for (let i = arr.length - 1; i >= 0; i--) {
              tokens.pop();
              if (arr[i].type === "brace") {
                break;
              }
              if (arr[i].type !== "dots") {
                range.unshift(arr[i].value);
              }
            }
            output = expandRange(range, opts);
            state.backtrack = true;
          }
          if (brace.comma !== true && brace.dots !== true) {
            const out = state.output.slice(0, brace.outputIndex);
            const toks = state.tokens.slice(brace.tokensIndex);
            brace.value = brace.output = "\\{";
            value = output = "\\}";
            state.output = out;
            for (const t of toks) {
              state.output += t.output || t.value;
            }
          }
          push({ type: "brace", value, output });
          decrement("braces");
          braces.pop();
          continue;
        }
        if (value === "|") {
          if (extglobs.length > 0) {
            extglobs[extglobs.length - 1].conditions++;
          }
          push({ type: "text", value });
          continue;
        }
        if (value === ",") {
          let output = value;
          const brace = braces[braces.length - 1];
          if (brace && stack[stack.length - 1] === "braces") {
            brace.comma = true;
            output = "|";
          }
          push({ type: "comma", value, output });
          continue;
        }
        if (value === "/") {
          if (prev.type === "dot" && state.index === state.start + 1) {
            state.start = state.index + 1;
            state.consumed = "";
            state.output = "";
            tokens.pop();
            prev = bos;
            continue;
          }
          push({ type: "slash", value, output: SLASH_LITERAL });
          continue;
        }
        if (value === ".") {
          if (state.braces > 0 && prev.type === "dot") {
            if (prev.value === ".") prev.output = DOT_LITERAL;
            const brace = braces[braces.length - 1];
            prev.type = "dots";
            prev.output += value;
            prev.value += value;
            brace.dots = true;
            continue;
          }
          if (state.braces + state.parens === 0 && prev.type !== "bos" && prev.type !== "slash") {
            push({ type: "text", value, output: DOT_LITERAL });
            continue;
          }
          push({ type: "dot", value, output: DOT_LITERAL });
          continue;
        }
        if (value === "?") {
          const isGroup = prev && prev.value === "(";
          if (!isGroup && opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("qmark", value);
            continue;
          }
          if (prev && prev.type === "paren") {
            const next = peek();
            let output = value;
            if (prev.value === "(" && !/[!=<:]/.test(next) || next === "<" && !/<([!=]|\w+>)/.test(remaining())) {
              output = `\\${value}`;
            }
            push({ type: "text", value, output });
            continue;
          }
          if (opts.dot !== true && (prev.type === "slash" || prev.type === "bos")) {
            push({ type: "qmark", value, output: QMARK_NO_DOT });
            continue;
          }
          push({ type: "qmark", value, output: QMARK });
          continue;
        }
        if (value === "!") {
          if (opts.noextglob !== true && peek() === "(") {
            if (peek(2) !== "?" || !/[!=<:]/.test(peek(3))) {
              extglobOpen("negate", value);
              continue;
            }
          }
          if (opts.nonegate !== true && state.index === 0) {
            negate();
            continue;
          }
        }
        if (value === "+") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            extglobOpen("plus", value);
            continue;
          }
          if (prev && prev.value === "(" || opts.regex === false) {
            push({ type: "plus", value, output: PLUS_LITERAL });
            continue;
          }
          if (prev && (prev.type === "bracket" || prev.type === "paren" || prev.type === "brace") || state.parens > 0) {
            push({ type: "plus", value });
            continue;
          }
          push({ type: "plus", value: PLUS_LITERAL });
          continue;
        }
        if (value === "@") {
          if (opts.noextglob !== true && peek() === "(" && peek(2) !== "?") {
            push({ type: "at", extglob: true, value, output: "" });
            continue;
          }
          push({ type: "text", value });
          continue;
        }
        if (value !== "*") {
          if (value === "$" || value === "^") {
            value = `\\${value}`;
          }
          const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
          if (match) {
            value += match[0];
            state.index += match[0].length;
          }
          push({ type: "text", value });
          continue;
        }
        if (prev && (prev.type === "globstar" || prev.star === true)) {
          prev.type = "star";
          prev.star = true;
          prev.value += value;
          prev.output = star;
          state.backtrack = true;
          state.globstar = true;
          consume(value);
          continue;
        }
        let rest = remaining();
        if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
          extglobOpen("star", value);
          continue;
        }
        if (prev.type === "star") {
          if (opts.noglobstar === true) {
            consume(value);
            continue;
          }
          const prior = prev.prev;
          const before = prior.prev;
          const isStart = prior.type === "slash" || prior.type === "bos";
          const afterStar = before && (before.type === "star" || before.type === "globstar");
          if (opts.bash === true && (!isStart || rest[0] && rest[0] !== "/")) {
            push({ type: "star", value, output: "" });
            continue;
          }
          const isBrace = state.braces > 0 && (prior.type === "comma" || prior.type === "brace");
          const isExtglob = extglobs.length && (prior.type === "pipe" || prior.type === "paren");
          if (!isStart && prior.type !== "paren" && !isBrace && !isExtglob) {
            push({ type: "star", value, output: "" });
            continue;
          }
          while (rest.slice(0, 3) === "/**") {
            const after = input[state.index + 4];
            if (after && after !== "/") {
              break;
            }
            rest = rest.slice(3);
            consume("/**", 3);
          }
          const isEnd = eos() || state.parens > 0 && rest === ")".repeat(state.parens) && !extglobs.some((extglob) => extglob.type === "negate");
          if (prior.type === "bos" && eos()) {
            prev.type = "globstar";
            prev.value += value;
            prev.output = globstar(opts);
            state.output = prev.output;
            state.globstar = true;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && !afterStar && isEnd) {
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = globstar(opts) + (opts.strictSlashes ? ")" : "|$)");
            prev.value += value;
            state.globstar = true;
            state.output += prior.output + prev.output;
            consume(value);
            continue;
          }
          if (prior.type === "slash" && prior.prev.type !== "bos" && rest[0] === "/") {
            const end = rest[1] !== void 0 ? "|$" : "";
            state.output = state.output.slice(0, -(prior.output + prev.output).length);
            prior.output = `(?:${prior.output}`;
            prev.type = "globstar";
            prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
            prev.value += value;
            state.output += prior.output + prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          if (prior.type === "bos" && rest[0] === "/") {
            prev.type = "globstar";
            prev.value += value;
            prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
            state.output = prev.output;
            state.globstar = true;
            consume(value + advance());
            push({ type: "slash", value: "/", output: "" });
            continue;
          }
          state.output = state.output.slice(0, -prev.output.length);
          prev.type = "globstar";
          prev.output = globstar(opts);
          prev.value += value;
          state.output += prev.output;
          state.globstar = true;
          consume(value);
          continue;
        }
        const token = { type: "star", value, output: star };
        if (opts.bash === true) {
          token.output = ".*?";
          if (prev.type === "bos" || prev.type === "slash") {
            token.output = nodot + token.output;
          }
          push(token);
          continue;
        }
        if (prev && (prev.type === "bracket" || prev.type === "paren") && opts.regex === true) {
          token.output = value;
          push(token);
          continue;
        }
        if (state.index === state.start || prev.type === "slash" || prev.type === "dot") {
          if (prev.type === "dot") {
            state.output += NO_DOT_SLASH;
            prev.output += NO_DOT_SLASH;
          } else if (opts.dot === true) {
            state.output += NO_DOTS_SLASH;
            prev.output += NO_DOTS_SLASH;
          } else {
            state.output += nodot;
            prev.output += nodot;
          }
          if (peek() !== "*") {
            state.output += ONE_CHAR;
            prev.output += ONE_CHAR;
          }
        }
        push(token);
      }
      while (state.brackets > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "]"));
        state.output = utils.escapeLast(state.output, "[");
        decrement("brackets");
      }
      while (state.parens > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", ")"));
        state.output = utils.escapeLast(state.output, "(");
        decrement("parens");
      }
      while (state.braces > 0) {
        if (opts.strictBrackets === true) throw new SyntaxError(syntaxError("closing", "}"));
        state.output = utils.escapeLast(state.output, "{");
        decrement("braces");
      }
      if (opts.strictSlashes !== true && (prev.type === "star" || prev.type === "bracket")) {
        push({ type: "maybe_slash", value: "", output: `${SLASH_LITERAL}?` });
      }
      if (state.backtrack === true) {
        state.output = "";
        for (const token of state.tokens) {
          state.output += token.output != null ? token.output : token.value;
          if (token.suffix) {
            state.output += token.suffix;
          }
        }
      }
      return state;
    };
    parse.fastpaths = (input, options) => {
      const opts = { ...options };
      const max = typeof opts.maxLength === "number" ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
      const len = input.length;
      if (len > max) {
        throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
      }
      input = REPLACEMENTS[input] || input;
      const {
        DOT_LITERAL,
        SLASH_LITERAL,
        ONE_CHAR,
        DOTS_SLASH,
        NO_DOT,
        NO_DOTS,
        NO_DOTS_SLASH,
        STAR,
        START_ANCHOR
      } = constants.globChars(opts.windows);
      const nodot = opts.dot ? NO_DOTS : NO_DOT;
      const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
      const capture = opts.capture ? "" : "?:";
      const state = { negated: false, prefix: "" };
      let star = opts.bash === true ? ".*?" : STAR;
      if (opts.capture) {
        star = `(${star})`;
      }
      const globstar = (opts2) => {
        if (opts2.noglobstar === true) return star;
        return `(${capture}(?:(?!${START_ANCHOR}${opts2.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
      };
      const create = (str) => {
        switch (str) {
          case "*":
            return `${nodot}${ONE_CHAR}${star}`;
          case ".*":
            return `${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*.*":
            return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "*/*":
            return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;
          case "**":
            return nodot + globstar(opts);
          case "**/*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;
          case "**/*.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;
          case "**/.*":
            return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;
          default: {
            const match = /^(.*?)\.(\w+)$/.exec(str);
            if (!match) return;
            const source2 = create(match[1]);
            if (!source2) return;
            return source2 + DOT_LITERAL + match[2];
          }
        }
      };
      const output = utils.removePrefix(input, state);
      let source = create(output);
      if (source && opts.strictSlashes !== true) {
        source += `${SLASH_LITERAL}?`;
      }
      return source;
    };
    module.exports = parse;
  }
});

// node_modules/picomatch/lib/picomatch.js
var require_picomatch = __commonJS({
  "node_modules/picomatch/lib/picomatch.js"(exports, module) {
    "use strict";
    var scan = require_scan();
    var parse = require_parse();
    var utils = require_utils();
    var constants = require_constants();
    var isObject = (val) => val && typeof val === "object" && !Array.isArray(val);
    var picomatch2 = (glob, options, returnState = false) => {
      if (Array.isArray(glob)) {
        const fns = glob.map((input) => picomatch2(input, options, returnState));
        const arrayMatcher = (str) => {
          for (const isMatch of fns) {
            const state2 = isMatch(str);
            if (state2) return state2;
          }
          return false;
        };
        return arrayMatcher;
      }
      const isState = isObject(glob) && glob.tokens && glob.input;
      if (glob === "" || typeof glob !== "string" && !isState) {
        throw new TypeError("Expected pattern to be a non-empty string");
      }
      const opts = options || {};
      const posix = opts.windows;
      const regex = isState ? picomatch2.compileRe(glob, options) : picomatch2.makeRe(glob, options, false, true);
      const state = regex.state;
      delete regex.state;
      let isIgnored = () => false;
      if (opts.ignore) {
        const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
        isIgnored = picomatch2(opts.ignore, ignoreOpts, returnState);
      }
      const matcher2 = (input, returnObject = false) => {
        const { isMatch, match, output } = picomatch2.test(input, regex, options, { glob, posix });
        const result = { glob, state, regex, posix, input, output, match, isMatch };
        if (typeof opts.onResult === "function") {
          opts.onResult(result);
        }
        if (isMatch === false) {
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (isIgnored(input)) {
          if (typeof opts.onIgnore === "function") {
            opts.onIgnore(result);
          }
          result.isMatch = false;
          return returnObject ? result : false;
        }
        if (typeof opts.onMatch === "function") {
          opts.onMatch(result);
        }
        return returnObject ? result : true;
      };
      if (returnState) {
        matcher2.state = state;
      }
      return matcher2;
    };
    picomatch2.test = (input, regex, options, { glob, posix } = {}) => {
      if (typeof input !== "string") {
        throw new TypeError("Expected input to be a string");
      }
      if (input === "") {
        return { isMatch: false, output: "" };
      }
      const opts = options || {};
      const format = opts.format || (posix ? utils.toPosixSlashes : null);
      let match = input === glob;
      let output = match && format ? format(input) : input;
      if (match === false) {
        output = format ? format(input) : input;
        match = output === glob;
      }
      if (match === false || opts.capture === true) {
        if (opts.matchBase === true || opts.basename === true) {
          match = picomatch2.matchBase(input, regex, options, posix);
        } else {
          match = regex.exec(output);
        }
      }
      return { isMatch: Boolean(match), match, output };
    };
    picomatch2.matchBase = (input, glob, options, posix = options && options.windows) => {
      const regex = glob instanceof RegExp ? glob : picomatch2.makeRe(glob, options);
      return regex.test(utils.basename(input, { windows: posix }));
    };
    picomatch2.isMatch = (str, patterns, options) => picomatch2(patterns, options)(str);
    picomatch2.parse = (pattern, options) => {
      if (Array.isArray(pattern)) return pattern.map((p) => picomatch2.parse(p, options));
      return parse(pattern, { ...options, fastpaths: false });
    };
    picomatch2.scan = (input, options) => scan(input, options);
    picomatch2.compileRe = (state, options, returnOutput = false, returnState = false) => {
      if (returnOutput === true) {
        return state.output;
      }
      const opts = options || {};
      const prepend = opts.contains ? "" : "^";
      const append = opts.contains ? "" : "$";
      let source = `${prepend}(?:${state.output})${append}`;
      if (state && state.negated === true) {
        source = `^(?!${source}).*$`;
      }
      const regex = picomatch2.toRegex(source, options);
      if (returnState === true) {
        regex.state = state;
      }
      return regex;
    };
    picomatch2.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
      if (!input || typeof input !== "string") {
        throw new TypeError("Expected a non-empty string");
      }
      let parsed = { negated: false, fastpaths: true };
      if (options.fastpaths !== false && (input[0] === "." || input[0] === "*")) {
        parsed.output = parse.fastpaths(input, options);
      }
      if (!parsed.output) {
        parsed = parse(input, options);
      }
      return picomatch2.compileRe(parsed, options, returnOutput, returnState);
    };
    picomatch2.toRegex = (source, options) => {
      try {
        const opts = options || {};
        return new RegExp(source, opts.flags || (opts.nocase ? "i" : ""));
      } catch (err) {
        if (options && options.debug === true) throw err;
        return /$^/;
      }
    };
    picomatch2.constants = constants;
    module.exports = picomatch2;
  }
});

// node_modules/picomatch/index.js
var require_picomatch2 = __commonJS({
  "node_modules/picomatch/index.js"(exports, module) {
    "use strict";
    var pico = require_picomatch();
    var utils = require_utils();
    function picomatch2(glob, options, returnState = false) {
      if (options && (options.windows === null || options.windows === void 0)) {
        options = { ...options, windows: utils.isWindows() };
      }
      return pico(glob, options, returnState);
    }
    Object.assign(picomatch2, pico);
    module.exports = picomatch2;
  }
});

// node_modules/pluralize/pluralize.js
var require_pluralize = __commonJS({
  "node_modules/pluralize/pluralize.js"(exports, module) {
    (function(root, pluralize2) {
      if (typeof __require === "function" && typeof exports === "object" && typeof module === "object") {
        module.exports = pluralize2();
      } else if (typeof define === "function" && define.amd) {
        define(function() {
          return pluralize2();
        });
      } else {
        root.pluralize = pluralize2();
      }
    })(exports, function() {
      var pluralRules = [];
      var singularRules = [];
      var uncountables = {};
      var irregularPlurals = {};
      var irregularSingles = {};
      function sanitizeRule(rule) {
        if (typeof rule === "string") {
          return new RegExp("^" + rule + "$", "i");
        }
        return rule;
      }
      function restoreCase(word, token) {
        if (word === token) return token;
        if (word === word.toLowerCase()) return token.toLowerCase();
        if (word === word.toUpperCase()) return token.toUpperCase();
        if (word[0] === word[0].toUpperCase()) {
          return token.charAt(0).toUpperCase() + token.substr(1).toLowerCase();
        }
        return token.toLowerCase();
      }
      function interpolate(str, args) {
        return str.replace(/\$(\d{1,2})/g, function(match, index) {
          return args[index] || "";
        });
      }
      function replace(word, rule) {
        return word.replace(rule[0], function(match, index) {
          var result = interpolate(rule[1], arguments);
          if (match === "") {
            return restoreCase(word[index - 1], result);
          }
          return restoreCase(match, result);
        });
      }
      function sanitizeWord(token, word, rules) {
        if (!token.length || uncountables.hasOwnProperty(token)) {
          return word;
        }
        var len = rules.length;
        while (len--) {
          var rule = rules[len];
          if (rule[0].test(word)) return replace(word, rule);
        }
        return word;
      }
      function replaceWord(replaceMap, keepMap, rules) {
        return function(word) {
          var token = word.toLowerCase();
          if (keepMap.hasOwnProperty(token)) {
            return restoreCase(word, token);
          }
          if (replaceMap.hasOwnProperty(token)) {
            return restoreCase(word, replaceMap[token]);
          }
          return sanitizeWord(token, word, rules);
        };
      }
      function checkWord(replaceMap, keepMap, rules, bool) {
        return function(word) {
          var token = word.toLowerCase();
          if (keepMap.hasOwnProperty(token)) return true;
          if (replaceMap.hasOwnProperty(token)) return false;
          return sanitizeWord(token, token, rules) === token;
        };
      }
      function pluralize2(word, count, inclusive) {
        var pluralized = count === 1 ? pluralize2.singular(word) : pluralize2.plural(word);
        return (inclusive ? count + " " : "") + pluralized;
      }
      pluralize2.plural = replaceWord(
        irregularSingles,
        irregularPlurals,
        pluralRules
      );
      pluralize2.isPlural = checkWord(
        irregularSingles,
        irregularPlurals,
        pluralRules
      );
      pluralize2.singular = replaceWord(
        irregularPlurals,
        irregularSingles,
        singularRules
      );
      pluralize2.isSingular = checkWord(
        irregularPlurals,
        irregularSingles,
        singularRules
      );
      pluralize2.addPluralRule = function(rule, replacement) {
        pluralRules.push([sanitizeRule(rule), replacement]);
      };
      pluralize2.addSingularRule = function(rule, replacement) {
        singularRules.push([sanitizeRule(rule), replacement]);
      };
      pluralize2.addUncountableRule = function(word) {
        if (typeof word === "string") {
          uncountables[word.toLowerCase()] = true;
          return;
        }
        pluralize2.addPluralRule(word, "$0");
        pluralize2.addSingularRule(word, "$0");
      };
      pluralize2.addIrregularRule = function(single, plural) {
        plural = plural.toLowerCase();
        single = single.toLowerCase();
        irregularSingles[single] = plural;
        irregularPlurals[plural] = single;
      };
      [
        // Pronouns.
        ["I", "we"],
        ["me", "us"],
        ["he", "they"],
        ["she", "they"],
        ["them", "them"],
        ["myself", "ourselves"],
        ["yourself", "yourselves"],
        ["itself", "themselves"],
        ["herself", "themselves"],
        ["himself", "themselves"],
        ["themself", "themselves"],
        ["is", "are"],
        ["was", "were"],
        ["has", "have"],
        ["this", "these"],
        ["that", "those"],
        // Words ending in with a consonant and `o`.
        ["echo", "echoes"],
        ["dingo", "dingoes"],
        ["volcano", "volcanoes"],
        ["tornado", "tornadoes"],
        ["torpedo", "torpedoes"],
        // Ends with `us`.
        ["genus", "genera"],
        ["viscus", "viscera"],
        // Ends with `ma`.
        ["stigma", "stigmata"],
        ["stoma", "stomata"],
        ["dogma", "dogmata"],
        ["lemma", "lemmata"],
        ["schema", "schemata"],
        ["anathema", "anathemata"],
        // Other irregular rules.
        ["ox", "oxen"],
        ["axe", "axes"],
        ["die", "dice"],
        ["yes", "yeses"],
        ["foot", "feet"],
        ["eave", "eaves"],
        ["goose", "geese"],
        ["tooth", "teeth"],
        ["quiz", "quizzes"],
        ["human", "humans"],
        ["proof", "proofs"],
        ["carve", "carves"],
        ["valve", "valves"],
        ["looey", "looies"],
        ["thief", "thieves"],
        ["groove", "grooves"],
        ["pickaxe", "pickaxes"],
        ["passerby", "passersby"]
      ].forEach(function(rule) {
        return pluralize2.addIrregularRule(rule[0], rule[1]);
      });
      [
        [/s?$/i, "s"],
        [/[^\u0000-\u007F]$/i, "$0"],
        [/([^aeiou]ese)$/i, "$1"],
        [/(ax|test)is$/i, "$1es"],
        [/(alias|[^aou]us|t[lm]as|gas|ris)$/i, "$1es"],
        [/(e[mn]u)s?$/i, "$1s"],
        [/([^l]ias|[aeiou]las|[ejzr]as|[iu]am)$/i, "$1"],
        [/(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$/i, "$1i"],
        [/(alumn|alg|vertebr)(?:a|ae)$/i, "$1ae"],
        [/(seraph|cherub)(?:im)?$/i, "$1im"],
        [/(her|at|gr)o$/i, "$1oes"],
        [/(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|automat|quor)(?:a|um)$/i, "$1a"],
        [/(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)(?:a|on)$/i, "$1a"],
        [/sis$/i, "ses"],
        [/(?:(kni|wi|li)fe|(ar|l|ea|eo|oa|hoo)f)$/i, "$1$2ves"],
        [/([^aeiouy]|qu)y$/i, "$1ies"],
        [/([^ch][ieo][ln])ey$/i, "$1ies"],
        [/(x|ch|ss|sh|zz)$/i, "$1es"],
        [/(matr|cod|mur|sil|vert|ind|append)(?:ix|ex)$/i, "$1ices"],
        [/\b((?:tit)?m|l)(?:ice|ouse)$/i, "$1ice"],
        [/(pe)(?:rson|ople)$/i, "$1ople"],
        [/(child)(?:ren)?$/i, "$1ren"],
        [/eaux$/i, "$0"],
        [/m[ae]n$/i, "men"],
        ["thou", "you"]
      ].forEach(function(rule) {
        return pluralize2.addPluralRule(rule[0], rule[1]);
      });
      [
        [/s$/i, ""],
        [/(ss)$/i, "$1"],
        [/(wi|kni|(?:after|half|high|low|mid|non|night|[^\w]|^)li)ves$/i, "$1fe"],
        [/(ar|(?:wo|[ae])l|[eo][ao])ves$/i, "$1f"],
        [/ies$/i, "y"],
        [/\b([pl]|zomb|(?:neck|cross)?t|coll|faer|food|gen|goon|group|lass|talk|goal|cut)ies$/i, "$1ie"],
        [/\b(mon|smil)ies$/i, "$1ey"],
        [/\b((?:tit)?m|l)ice$/i, "$1ouse"],
        [/(seraph|cherub)im$/i, "$1"],
        [/(x|ch|ss|sh|zz|tto|go|cho|alias|[^aou]us|t[lm]as|gas|(?:her|at|gr)o|[aeiou]ris)(?:es)?$/i, "$1"],
        [/(analy|diagno|parenthe|progno|synop|the|empha|cri|ne)(?:sis|ses)$/i, "$1sis"],
        [/(movie|twelve|abuse|e[mn]u)s$/i, "$1"],
        [/(test)(?:is|es)$/i, "$1is"],
        [/(alumn|syllab|vir|radi|nucle|fung|cact|stimul|termin|bacill|foc|uter|loc|strat)(?:us|i)$/i, "$1us"],
        [/(agend|addend|millenni|dat|extrem|bacteri|desiderat|strat|candelabr|errat|ov|symposi|curricul|quor)a$/i, "$1um"],
        [/(apheli|hyperbat|periheli|asyndet|noumen|phenomen|criteri|organ|prolegomen|hedr|automat)a$/i, "$1on"],
        [/(alumn|alg|vertebr)ae$/i, "$1a"],
        [/(cod|mur|sil|vert|ind)ices$/i, "$1ex"],
        [/(matr|append)ices$/i, "$1ix"],
        [/(pe)(rson|ople)$/i, "$1rson"],
        [/(child)ren$/i, "$1"],
        [/(eau)x?$/i, "$1"],
        [/men$/i, "man"]
      ].forEach(function(rule) {
        return pluralize2.addSingularRule(rule[0], rule[1]);
      });
      [
        // Singular words with no plurals.
        "adulthood",
        "advice",
        "agenda",
        "aid",
        "aircraft",
        "alcohol",
        "ammo",
        "analytics",
        "anime",
        "athletics",
        "audio",
        "bison",
        "blood",
        "bream",
        "buffalo",
        "butter",
        "carp",
        "cash",
        "chassis",
        "chess",
        "clothing",
        "cod",
        "commerce",
        "cooperation",
        "corps",
        "debris",
        "diabetes",
        "digestion",
        "elk",
        "energy",
        "equipment",
        "excretion",
        "expertise",
        "firmware",
        "flounder",
        "fun",
        "gallows",
        "garbage",
        "graffiti",
        "hardware",
        "headquarters",
        "health",
        "herpes",
        "highjinks",
        "homework",
        "housework",
        "information",
        "jeans",
        "justice",
        "kudos",
        "labour",
        "literature",
        "machinery",
        "mackerel",
        "mail",
        "media",
        "mews",
        "moose",
        "music",
        "mud",
        "manga",
        "news",
        "only",
        "personnel",
        "pike",
        "plankton",
        "pliers",
        "police",
        "pollution",
        "premises",
        "rain",
        "research",
        "rice",
        "salmon",
        "scissors",
        "series",
        "sewage",
        "shambles",
        "shrimp",
        "software",
        "species",
        "staff",
        "swine",
        "tennis",
        "traffic",
        "transportation",
        "trout",
        "tuna",
        "wealth",
        "welfare",
        "whiting",
        "wildebeest",
        "wildlife",
        "you",
        /pok[eé]mon$/i,
        // Regexes.
        /[^aeiou]ese$/i,
        // "chinese", "japanese"
        /deer$/i,
        // "deer", "reindeer"
        /fish$/i,
        // "fish", "blowfish", "angelfish"
        /measles$/i,
        /o[iu]s$/i,
        // "carnivorous"
        /pox$/i,
        // "chickpox", "smallpox"
        /sheep$/i
      ].forEach(pluralize2.addUncountableRule);
      return pluralize2;
    });
  }
});

// node_modules/normalize-strings/charmap.json
var require_charmap = __commonJS({
  "node_modules/normalize-strings/charmap.json"(exports, module) {
    module.exports = { "105": "i", "192": "A", "193": "A", "194": "A", "195": "A", "196": "A", "197": "A", "199": "C", "200": "E", "201": "E", "202": "E", "203": "E", "204": "I", "205": "I", "206": "I", "207": "I", "209": "N", "210": "O", "211": "O", "212": "O", "213": "O", "214": "O", "216": "O", "217": "U", "218": "U", "219": "U", "220": "U", "221": "Y", "224": "a", "225": "a", "226": "a", "227": "a", "228": "a", "229": "a", "231": "c", "232": "e", "233": "e", "234": "e", "235": "e", "236": "i", "237": "i", "238": "i", "239": "i", "241": "n", "242": "o", "243": "o", "244": "o", "245": "o", "246": "o", "248": "o", "249": "u", "250": "u", "251": "u", "252": "u", "253": "y", "255": "y", "256": "A", "257": "a", "258": "A", "259": "a", "260": "A", "261": "a", "262": "C", "263": "c", "264": "C", "265": "c", "266": "C", "267": "c", "268": "C", "269": "c", "270": "D", "271": "d", "272": "D", "273": "d", "274": "E", "275": "e", "276": "E", "277": "e", "278": "E", "279": "e", "280": "E", "281": "e", "282": "E", "283": "e", "284": "G", "285": "g", "286": "G", "287": "g", "288": "G", "289": "g", "290": "G", "291": "g", "292": "H", "293": "h", "294": "H", "295": "h", "296": "I", "297": "i", "298": "I", "299": "i", "300": "I", "301": "i", "302": "I", "303": "i", "304": "I", "308": "J", "309": "j", "310": "K", "311": "k", "313": "L", "314": "l", "315": "L", "316": "l", "317": "L", "318": "l", "319": "L", "320": "l", "321": "L", "322": "l", "323": "N", "324": "n", "325": "N", "326": "n", "327": "N", "328": "n", "332": "O", "333": "o", "334": "O", "335": "o", "336": "O", "337": "o", "338": "O", "339": "o", "340": "R", "341": "r", "342": "R", "343": "r", "344": "R", "345": "r", "346": "S", "347": "s", "348": "S", "349": "s", "350": "S", "351": "s", "352": "S", "353": "s", "354": "T", "355": "t", "356": "T", "357": "t", "358": "T", "359": "t", "360": "U", "361": "u", "362": "U", "363": "u", "364": "U", "365": "u", "366": "U", "367": "u", "368": "U", "369": "u", "370": "U", "371": "u", "372": "W", "373": "w", "374": "Y", "375": "y", "376": "Y", "377": "Z", "378": "z", "379": "Z", "380": "z", "381": "Z", "382": "z", "384": "b", "385": "B", "386": "B", "387": "b", "390": "O", "391": "C", "392": "c", "393": "D", "394": "D", "395": "D", "396": "d", "398": "E", "400": "E", "401": "F", "402": "f", "403": "G", "407": "I", "408": "K", "409": "k", "410": "l", "412": "M", "413": "N", "414": "n", "415": "O", "416": "O", "417": "o", "420": "P", "421": "p", "422": "R", "427": "t", "428": "T", "429": "t", "430": "T", "431": "U", "432": "u", "434": "V", "435": "Y", "436": "y", "437": "Z", "438": "z", "461": "A", "462": "a", "463": "I", "464": "i", "465": "O", "466": "o", "467": "U", "468": "u", "477": "e", "484": "G", "485": "g", "486": "G", "487": "g", "488": "K", "489": "k", "490": "O", "491": "o", "500": "G", "501": "g", "504": "N", "505": "n", "512": "A", "513": "a", "514": "A", "515": "a", "516": "E", "517": "e", "518": "E", "519": "e", "520": "I", "521": "i", "522": "I", "523": "i", "524": "O", "525": "o", "526": "O", "527": "o", "528": "R", "529": "r", "530": "R", "531": "r", "532": "U", "533": "u", "534": "U", "535": "u", "536": "S", "537": "s", "538": "T", "539": "t", "542": "H", "543": "h", "544": "N", "545": "d", "548": "Z", "549": "z", "550": "A", "551": "a", "552": "E", "553": "e", "558": "O", "559": "o", "562": "Y", "563": "y", "564": "l", "565": "n", "566": "t", "567": "j", "570": "A", "571": "C", "572": "c", "573": "L", "574": "T", "575": "s", "576": "z", "579": "B", "580": "U", "581": "V", "582": "E", "583": "e", "584": "J", "585": "j", "586": "Q", "587": "q", "588": "R", "589": "r", "590": "Y", "591": "y", "592": "a", "593": "a", "595": "b", "596": "o", "597": "c", "598": "d", "599": "d", "600": "e", "603": "e", "604": "e", "605": "e", "606": "e", "607": "j", "608": "g", "609": "g", "610": "g", "613": "h", "614": "h", "616": "i", "618": "i", "619": "l", "620": "l", "621": "l", "623": "m", "624": "m", "625": "m", "626": "n", "627": "n", "628": "n", "629": "o", "633": "r", "634": "r", "635": "r", "636": "r", "637": "r", "638": "r", "639": "r", "640": "r", "641": "r", "642": "s", "647": "t", "648": "t", "649": "u", "651": "v", "652": "v", "653": "w", "654": "y", "655": "y", "656": "z", "657": "z", "663": "c", "665": "b", "666": "e", "667": "g", "668": "h", "669": "j", "670": "k", "671": "l", "672": "q", "686": "h", "688": "h", "690": "j", "691": "r", "692": "r", "694": "r", "695": "w", "696": "y", "737": "l", "738": "s", "739": "x", "780": "v", "829": "x", "851": "x", "867": "a", "868": "e", "869": "i", "870": "o", "871": "u", "872": "c", "873": "d", "874": "h", "875": "m", "876": "r", "877": "t", "878": "v", "879": "x", "7424": "a", "7427": "b", "7428": "c", "7429": "d", "7431": "e", "7432": "e", "7433": "i", "7434": "j", "7435": "k", "7436": "l", "7437": "m", "7438": "n", "7439": "o", "7440": "o", "7441": "o", "7442": "o", "7443": "o", "7446": "o", "7447": "o", "7448": "p", "7449": "r", "7450": "r", "7451": "t", "7452": "u", "7453": "u", "7454": "u", "7455": "m", "7456": "v", "7457": "w", "7458": "z", "7522": "i", "7523": "r", "7524": "u", "7525": "v", "7680": "A", "7681": "a", "7682": "B", "7683": "b", "7684": "B", "7685": "b", "7686": "B", "7687": "b", "7690": "D", "7691": "d", "7692": "D", "7693": "d", "7694": "D", "7695": "d", "7696": "D", "7697": "d", "7698": "D", "7699": "d", "7704": "E", "7705": "e", "7706": "E", "7707": "e", "7710": "F", "7711": "f", "7712": "G", "7713": "g", "7714": "H", "7715": "h", "7716": "H", "7717": "h", "7718": "H", "7719": "h", "7720": "H", "7721": "h", "7722": "H", "7723": "h", "7724": "I", "7725": "i", "7728": "K", "7729": "k", "7730": "K", "7731": "k", "7732": "K", "7733": "k", "7734": "L", "7735": "l", "7738": "L", "7739": "l", "7740": "L", "7741": "l", "7742": "M", "7743": "m", "7744": "M", "7745": "m", "7746": "M", "7747": "m", "7748": "N", "7749": "n", "7750": "N", "7751": "n", "7752": "N", "7753": "n", "7754": "N", "7755": "n", "7764": "P", "7765": "p", "7766": "P", "7767": "p", "7768": "R", "7769": "r", "7770": "R", "7771": "r", "7774": "R", "7775": "r", "7776": "S", "7777": "s", "7778": "S", "7779": "s", "7786": "T", "7787": "t", "7788": "T", "7789": "t", "7790": "T", "7791": "t", "7792": "T", "7793": "t", "7794": "U", "7795": "u", "7796": "U", "7797": "u", "7798": "U", "7799": "u", "7804": "V", "7805": "v", "7806": "V", "7807": "v", "7808": "W", "7809": "w", "7810": "W", "7811": "w", "7812": "W", "7813": "w", "7814": "W", "7815": "w", "7816": "W", "7817": "w", "7818": "X", "7819": "x", "7820": "X", "7821": "x", "7822": "Y", "7823": "y", "7824": "Z", "7825": "z", "7826": "Z", "7827": "z", "7828": "Z", "7829": "z", "7835": "s", "7840": "A", "7841": "a", "7842": "A", "7843": "a", "7864": "E", "7865": "e", "7866": "E", "7867": "e", "7868": "E", "7869": "e", "7880": "I", "7881": "i", "7882": "I", "7883": "i", "7884": "O", "7885": "o", "7886": "O", "7887": "o", "7908": "U", "7909": "u", "7910": "U", "7911": "u", "7922": "Y", "7923": "y", "7924": "Y", "7925": "y", "7926": "Y", "7927": "y", "7928": "Y", "7929": "y", "8305": "i", "8341": "h", "8342": "k", "8343": "l", "8344": "m", "8345": "n", "8346": "p", "8347": "s", "8348": "t", "8450": "c", "8458": "g", "8459": "h", "8460": "h", "8461": "h", "8464": "i", "8465": "i", "8466": "l", "8467": "l", "8468": "l", "8469": "n", "8472": "p", "8473": "p", "8474": "q", "8475": "r", "8476": "r", "8477": "r", "8484": "z", "8488": "z", "8492": "b", "8493": "c", "8495": "e", "8496": "e", "8497": "f", "8498": "F", "8499": "m", "8500": "o", "8506": "q", "8513": "g", "8514": "l", "8515": "l", "8516": "y", "8517": "d", "8518": "d", "8519": "e", "8520": "i", "8521": "j", "8526": "f", "8579": "C", "8580": "c", "8765": "s", "8766": "s", "8959": "z", "8999": "x", "9746": "x", "9776": "i", "9866": "i", "10005": "x", "10006": "x", "10007": "x", "10008": "x", "10625": "z", "10626": "z", "11362": "L", "11364": "R", "11365": "a", "11366": "t", "11373": "A", "11374": "M", "11375": "A", "11390": "S", "11391": "Z", "19904": "i", "42893": "H", "42922": "H", "42923": "E", "42924": "G", "42925": "L", "42928": "K", "42929": "T", "62937": "x" };
  }
});

// node_modules/normalize-strings/index.js
var require_normalize_strings = __commonJS({
  "node_modules/normalize-strings/index.js"(exports, module) {
    (function(global, factory) {
      if (typeof define === "function" && define.amd) {
        define(function() {
          return factory(global, global.document);
        });
      } else if (typeof module !== "undefined" && module.exports) {
        module.exports = factory(global, global.document);
      } else {
        global.normalize = factory(global, global.document);
      }
    })(typeof window !== "undefined" ? window : exports, function(window2, document) {
      var charmap = require_charmap();
      var regex = null;
      var current_charmap;
      var old_charmap;
      function normalize2(str, custom_charmap) {
        old_charmap = current_charmap;
        current_charmap = custom_charmap || charmap;
        regex = regex && old_charmap === current_charmap ? regex : buildRegExp(current_charmap);
        return str.replace(regex, function(charToReplace) {
          return current_charmap[charToReplace.charCodeAt(0)] || charToReplace;
        });
      }
      function buildRegExp(charmap2) {
        return new RegExp("[" + Object.keys(charmap2).map(function(code) {
          return String.fromCharCode(code);
        }).join(" ") + "]", "g");
      }
      return normalize2;
    });
  }
});

// src/config/load.ts
import path from "node:path";

// src/config/text-file.ts
import { open, readFile, stat } from "node:fs/promises";
var MAX_DATA_FILE_BYTES = 512 * 1024 * 1024;
var LISTED_LINES = 3;
async function readTextFile(file, options = {}) {
  const maxBytes = options.maxBytes ?? MAX_DATA_FILE_BYTES;
  let bytes;
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { problem: { message: `is a directory; expected ${options.what ?? "a file"}` } };
    if (!info.isFile()) return { problem: { message: `is not a regular file; expected ${options.what ?? "a file"}` } };
    if (info.size > maxBytes)
      return { problem: { message: `is ${formatBytes(info.size)}, more than the ${formatBytes(maxBytes)} allowed` } };
    bytes = await readFile(file);
  } catch (error) {
    return { problem: { message: describeReadError(error) } };
  }
  return decodeText(bytes);
}
async function checkStreamedFile(file, what) {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return { message: `is a directory; expected ${what}` };
    if (!info.isFile()) return { message: `is not a regular file; expected ${what}` };
    const handle = await open(file, "r");
    try {
      const head = Buffer.alloc(Math.min(8192, info.size));
      await handle.read(head, 0, head.length, 0);
      return looksBinary(head) ? { line: 1, message: "is not a text file (binary content)" } : null;
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { message: describeReadError(error) };
  }
}
function describeReadError(error) {
  const code = error.code;
  if (code === "ENOENT") return "file not found";
  if (code === "EISDIR") return "is a directory; expected a file";
  if (code === "EACCES" || code === "EPERM") return "cannot be read (permission denied)";
  return `cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}
function decodeText(bytes) {
  const body = bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191 ? bytes.subarray(3) : bytes;
  if (looksBinary(body)) return { problem: { line: 1, message: "is not a text file (binary content)" } };
  const text = body.toString("utf8");
  if (!text.includes("\uFFFD") && !text.includes("\0")) return { text, warnings: [] };
  const badLines = [];
  let start = 0;
  for (let line2 = 1; start <= body.length; line2++) {
    let end = body.indexOf(10, start);
    if (end === -1) end = body.length;
    const slice = body.subarray(start, end);
    const reasons = [];
    if (slice.includes(0)) reasons.push("NUL bytes");
    if (!isValidUtf8(slice)) reasons.push("invalid UTF-8");
    if (reasons.length) badLines.push({ line: line2, reason: reasons.join(" and ") });
    start = end + 1;
  }
  const warnings = badLines.slice(0, LISTED_LINES).map(({ line: line2, reason }) => ({ line: line2, message: `${reason} (replaced by U+FFFD)` }));
  if (badLines.length > LISTED_LINES) {
    const more = badLines.length - LISTED_LINES;
    warnings.push({
      line: badLines[LISTED_LINES].line,
      message: `and ${more} more ${more === 1 ? "line" : "lines"} with NUL bytes or invalid UTF-8`
    });
  }
  return { text: text.replace(/\u0000/g, "\uFFFD"), warnings };
}
function isValidUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function looksBinary(bytes) {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) if (byte < 9 || byte > 13 && byte < 32 && byte !== 27) control++;
  if (control / sample.length > 0.1) return true;
  const decoded = sample.toString("utf8");
  let replaced = 0;
  for (const char of decoded) if (char === "\uFFFD") replaced++;
  return replaced / Math.max(1, decoded.length) > 0.1;
}
function formatBytes(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

// src/config/yaml-positions.ts
var import_yaml = __toESM(require_dist(), 1);
var MAX_ALIAS_COUNT = 100;
function parsePositionedYaml(text) {
  const lineCounter = new import_yaml.LineCounter();
  const doc = (0, import_yaml.parseDocument)(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset) => lineCounter.linePos(offset);
  const problems = doc.errors.map((error) => ({
    ...at(error.pos[0]),
    message: (error.message.split("\n")[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, "")
  }));
  let value;
  if (problems.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      problems.push({ ...firstAliasPosition(doc, at) ?? { line: 1, col: 1 }, message: aliasMessage(error) });
    }
  }
  const positionOfNode = (node) => {
    if ((0, import_yaml.isNode)(node) && node.range) return at(node.range[0]);
    if ((0, import_yaml.isPair)(node) && (0, import_yaml.isNode)(node.key) && node.key.range) return at(node.key.range[0]);
    return void 0;
  };
  const positionOf = (fieldPath, key) => positionOfNode(locate(doc.contents, fieldPath, key));
  return { doc, problems, value, positionOf, positionOfNode };
}
function aliasMessage(error) {
  const text = error instanceof Error ? error.message : String(error);
  return /alias/i.test(text) ? `too many alias expansions (more than ${MAX_ALIAS_COUNT}): the document expands exponentially` : `cannot read the document: ${text.slice(0, 120)}`;
}
function firstAliasPosition(doc, at) {
  let found;
  (0, import_yaml.visit)(doc, {
    Alias(_key, node) {
      if (node.range) found = at(node.range[0]);
      return import_yaml.visit.BREAK;
    }
  });
  return found;
}
function locate(root, fieldPath, key) {
  let node = root;
  let best = node ?? void 0;
  let parentKey;
  const steps = key === void 0 ? fieldPath : [...fieldPath, key];
  for (let i = 0; i < steps.length && node; i++) {
    const step = steps[i];
    const isLast = i === steps.length - 1;
    if ((0, import_yaml.isMap)(node)) {
      const pair = node.items.find((item) => (0, import_yaml.isPair)(item) && (0, import_yaml.isScalar)(item.key) && String(item.key.value) === String(step));
      if (!pair) {
        best = parentKey ?? best;
        break;
      }
      parentKey = pair.key;
      node = isLast && key !== void 0 ? pair.key : pair.value ?? pair.key;
    } else if ((0, import_yaml.isSeq)(node)) {
      node = node.items[Number(step)];
    } else {
      break;
    }
    if (node) best = node;
  }
  return best;
}

// src/config/load.ts
var MODEL_REFERENCE_KEYS = /* @__PURE__ */ new Set(["agents", "judge", "target", "simulator", "completion-judge", "grader"]);
var MAX_CONFIG_BYTES = 1024 * 1024;
async function loadConfig(configPath) {
  const absolute = path.resolve(configPath);
  const displayPath3 = path.relative(process.cwd(), absolute) || absolute;
  const read = await readTextFile(absolute, { maxBytes: MAX_CONFIG_BYTES, what: "a config" });
  if ("problem" in read) throw new ConfigError([{ file: displayPath3, ...read.problem }]);
  if (read.warnings.length) throw new ConfigError(read.warnings.map((warning) => ({ file: displayPath3, ...warning, severity: "error" })));
  return parseConfig(read.text, absolute, displayPath3);
}
function parseConfig(text, absolutePath, displayPath3 = absolutePath) {
  const yaml = parsePositionedYaml(text);
  const problems = yaml.problems.map((problem) => ({
    file: displayPath3,
    line: problem.line,
    column: problem.col,
    message: `YAML: ${problem.message}`
  }));
  if (problems.length > 0) throw new ConfigError(problems);
  const raw = yaml.value;
  if (raw === null || raw === void 0) {
    throw new ConfigError([{ file: displayPath3, line: 1, message: "the file is empty; expected a mapping starting with version: 1" }]);
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigError([
      { file: displayPath3, line: 1, column: 1, message: `expected a mapping (version:, models:, suites:), got ${describeValue(raw)}` }
    ]);
  }
  const positionOf = (fieldPath, key) => yaml.positionOf(fieldPath, key);
  const parsed = evalgateConfig.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue, raw, displayPath3, positionOf));
    throw new ConfigError(sortProblems(problems));
  }
  const config = parsed.data;
  problems.push(...checkModelReferences(config, displayPath3, positionOf));
  if (problems.length > 0) throw new ConfigError(sortProblems(problems));
  return {
    config,
    path: absolutePath,
    dir: path.dirname(absolutePath),
    displayPath: displayPath3,
    lineOf: (fieldPath) => positionOf(fieldPath)?.line,
    text
  };
}
function describeIssue(issue, raw, file, positionOf) {
  const fieldPath = issue.path;
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(evalgateConfig, raw, fieldPath);
    return issue.keys.map((key) => {
      const position2 = positionOf(fieldPath, key);
      const suggestion = closest(key, known);
      return {
        file,
        line: position2?.line,
        column: position2?.col,
        field: joinPath([...fieldPath, key]),
        message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : known.length ? `; expected one of: ${known.join(", ")}` : ""}`
      };
    });
  }
  const position = issue.code === "invalid_key" ? positionOf(fieldPath.slice(0, -1), String(fieldPath.at(-1))) : positionOf(fieldPath);
  const value = valueAt(raw, fieldPath);
  let message = issue.message;
  if (issue.code === "invalid_type") {
    message = value === void 0 ? `required: expected ${issue.expected}` : `expected ${issue.expected}, got ${describeValue(value)}`;
  } else if (issue.code === "invalid_value" && value === void 0) {
    message = `required: ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
  } else if (issue.code === "invalid_key") {
    const rule = issue.issues.map((inner) => inner.message).join("; ");
    const pattern = issue.issues.map((inner) => "pattern" in inner ? String(inner.pattern) : "").find(Boolean);
    message = `the name ${describeValue(fieldPath.at(-1))} is not allowed: use ${rule}${pattern ? ` (${pattern})` : ""}`;
  } else if (issue.code === "invalid_value") {
    message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(value)}${didYouMean(value, issue.values.map(String))}`;
  } else if (issue.code === "too_big" || issue.code === "too_small") {
    const bound = issue.code === "too_big" ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
    message = `${issue.origin === "array" ? "list length" : "value"} must be ${bound}, got ${describeValue(Array.isArray(value) ? value.length : value)}`;
  } else if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator) {
    const options = issue.options ?? [];
    message = value === void 0 ? `required: one of ${options.map((o) => JSON.stringify(o)).join(", ")}` : `expected one of ${options.map((o) => JSON.stringify(o)).join(", ")}, got ${describeValue(value)}${didYouMean(value, options.map(String))}`;
  }
  return [{ file, line: position?.line, column: position?.col, field: joinPath(fieldPath), message }];
}
function checkModelReferences(config, file, positionOf) {
  const problems = [];
  const modelNames = Object.keys(config.models);
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    for (const [key, value] of Object.entries(suite)) {
      if (!MODEL_REFERENCE_KEYS.has(key)) continue;
      const refs = Array.isArray(value) ? value : [value];
      refs.forEach((ref, index) => {
        if (typeof ref !== "string" || ref in config.models) return;
        const fieldPath = Array.isArray(value) ? ["suites", suiteName, key, index] : ["suites", suiteName, key];
        const position = positionOf(fieldPath);
        const suggestion = closest(ref, modelNames);
        problems.push({
          file,
          line: position?.line,
          column: position?.col,
          field: joinPath(fieldPath),
          message: `unknown model "${ref}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; models defined: ${modelNames.join(", ") || "none"}`
        });
      });
    }
  }
  return problems;
}
function knownKeysAt(schema, data, fieldPath) {
  let current = [schema];
  let value = data;
  for (const step of [...fieldPath, null]) {
    const next = [];
    const keys = [];
    for (const candidate of current.flatMap((s) => unwrap(s, value))) {
      const def = candidate._zod.def;
      if (def.type === "object") {
        const shape = def.shape;
        if (step === null) keys.push(...Object.keys(shape));
        else if (shape[String(step)]) next.push(shape[String(step)]);
      } else if (def.type === "record" && step !== null) {
        next.push(def.valueType);
      } else if (def.type === "array" && step !== null) {
        next.push(def.element);
      }
    }
    if (step === null) return [...new Set(keys)];
    current = next;
    value = value && typeof value === "object" ? value[String(step)] : void 0;
  }
  return [];
}
function unwrap(schema, value) {
  const def = schema._zod.def;
  switch (def.type) {
    case "default":
    case "optional":
    case "nullable":
    case "prefault":
      return unwrap(def.innerType, value);
    case "pipe":
      return unwrap(def.in, value);
    case "union": {
      const options = def.options;
      const discriminator = def.discriminator;
      const tag = discriminator && value && typeof value === "object" ? value[discriminator] : void 0;
      const fitting = options.filter((option) => {
        if (tag === void 0) return true;
        const shape = option._zod.def.shape;
        const literal = shape?.[discriminator];
        return literal?._zod.def.values?.includes(tag) ?? false;
      });
      return (fitting.length ? fitting : options).flatMap((option) => unwrap(option, value));
    }
    default:
      return [schema];
  }
}
function closest(word, candidates) {
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== void 0 && bestDistance <= Math.min(3, Math.max(1, Math.ceil(word.length / 3))) ? best : void 0;
}
function editDistance(a, b) {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}
function didYouMean(value, candidates) {
  const suggestion = typeof value === "string" ? closest(value, candidates) : void 0;
  return suggestion ? ` (did you mean "${suggestion}"?)` : "";
}
function valueAt(data, fieldPath) {
  let value = data;
  for (const step of fieldPath) {
    if (!value || typeof value !== "object") return void 0;
    value = value[String(step)];
  }
  return value;
}
function describeValue(value) {
  if (value === void 0) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
function joinPath(fieldPath) {
  return fieldPath.map((step) => typeof step === "number" ? `[${step}]` : String(step)).join(".").replace(/\.\[/g, "[");
}
function sortProblems(problems) {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

// src/engine/types.ts
var RESULTS_SCHEMA = "evalgate/results@1";

// src/engine/results-file.ts
import { createWriteStream } from "node:fs";
import { mkdir, open as open2, readFile as readFile2, rename } from "node:fs/promises";
import path2 from "node:path";
async function writeResultsFile(file, results, suites) {
  await mkdir(path2.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  const out = createWriteStream(temporary);
  const write = (text) => out.write(text) ? Promise.resolve() : new Promise((resolve3) => out.once("drain", () => resolve3()));
  try {
    await write(`{
  "schema": ${JSON.stringify(RESULTS_SCHEMA)},
  "run": ${JSON.stringify(results.run)},
  "suites": {`);
    for (const [suiteIndex, suite] of suites.entries()) {
      const head = JSON.stringify(suite.results);
      await write(
        `${suiteIndex ? "," : ""}
    ${JSON.stringify(suite.name)}: ${head.slice(0, -1)}${head.length > 2 ? "," : ""}"cases": [`
      );
      let caseIndex = 0;
      for await (const line2 of suite.lines) {
        await write(`${caseIndex++ ? "," : ""}
      ${line2}`);
      }
      await write(caseIndex ? "\n    ]}" : "]}");
    }
    await write(`
  }${results.verdict === void 0 ? "" : `,
  "verdict": ${JSON.stringify(results.verdict)}`}
}
`);
  } finally {
    await new Promise((resolve3, reject) => out.end((error) => error ? reject(error) : resolve3()));
  }
  await rename(temporary, file);
}
var ResultsFileError = class extends Error {
  name = "ResultsFileError";
  reason;
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
};
async function readResultsFile(file) {
  let text;
  try {
    text = await readFile2(file, "utf8");
  } catch (error) {
    const missing = error.code === "ENOENT";
    throw new ResultsFileError(missing ? "missing" : "unreadable", `${file}: ${missing ? "file not found" : String(error)}`);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ResultsFileError("invalid", `${file}: not JSON (${error.message})`);
  }
  if (value?.schema !== RESULTS_SCHEMA)
    throw new ResultsFileError(
      "invalid",
      `${file}: not an evalgate results file (schema "${String(value?.schema)}", expected "${RESULTS_SCHEMA}")`
    );
  return value;
}

// src/models/errors.ts
var EndpointError = class extends Error {
  name = "EndpointError";
  kind;
  model;
  status;
  attempts;
  constructor(kind, model, message, options = {}) {
    super(`${model}: ${message}`, { cause: options.cause });
    this.kind = kind;
    this.model = model;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
};
function isEndpointError(error) {
  return error instanceof EndpointError;
}

// src/config/paths.ts
import { realpathSync } from "node:fs";
import path3 from "node:path";
function containmentRoot(repositoryRoot, configDir) {
  return repositoryRoot ?? configDir;
}
function resolveInside(baseDir, value, root) {
  const resolved = path3.resolve(baseDir, value);
  if (root === void 0) return { path: resolved };
  const realRoot = realOrSelf(root);
  if (!isWithin(resolved, root) && !isWithin(resolved, realRoot)) return { error: outsideMessage(value, root) };
  const real = realOrSelf(resolved);
  if (!isWithin(real, realRoot))
    return { error: `${JSON.stringify(truncate(value))} is a link to a file outside ${describeRoot(root)}; ${HINT}` };
  return { path: resolved };
}
var HINT = "files a config names must stay inside it (set allow-outside-repo: true to allow this)";
function outsideMessage(value, root) {
  return `${JSON.stringify(truncate(value))} is outside ${describeRoot(root)}; ${HINT}`;
}
function describeRoot(root) {
  return `the repository (${root})`;
}
function isWithin(target, root) {
  const relative3 = path3.relative(root, target);
  return relative3 === "" || relative3 !== ".." && !relative3.startsWith(`..${path3.sep}`) && !path3.isAbsolute(relative3);
}
function realOrSelf(target) {
  let current = target;
  const rest = [];
  for (; ; ) {
    try {
      return path3.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path3.dirname(current);
      if (parent === current) return target;
      rest.push(path3.basename(current));
      current = parent;
    }
  }
}
function truncate(value, max = 80) {
  return value.length > max ? `${value.slice(0, max - 1)}\u2026` : value;
}

// src/suites/conversations/case-metrics.ts
function metricKey(row) {
  const name = row.evaluation === row.metric ? row.metric : `${row.evaluation}/${row.metric}`;
  return `${name}@${row.level.toLowerCase()}`;
}
var SEP = "|";
var safeRole = (role) => role.replaceAll(SEP, "_");
function gateFor(options, type, evaluation, level) {
  const item = options.metrics[type].find((m) => m.name === evaluation && m.level.toLowerCase() === level.toLowerCase());
  return item?.gate;
}
function summarizeRows(rows, options) {
  const out = {};
  const add = (key, amount) => {
    out[key] = (out[key] ?? 0) + amount;
  };
  const byKey = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const key = metricKey(row);
    byKey.set(key, [...byKey.get(key) ?? [], row]);
  }
  for (const [key, group] of byKey) {
    if (group[0].type === "rubric") out[`${key}${SEP}${SEP}rubric`] = 1;
    const scored2 = group.filter((row) => row.normalized !== null);
    for (const row of group) {
      if (row.skipped) add(`${key}${SEP}${SEP}skipped`, 1);
      else if (row.error) add(`${key}${SEP}${SEP}errors`, 1);
      else if (row.type === "rubric" && row.value === null) add(`${key}${SEP}${SEP}invalid`, 1);
    }
    if (scored2.length > 0) out[key] = scored2.reduce((sum2, row) => sum2 + row.normalized, 0) / scored2.length;
    const byRole = /* @__PURE__ */ new Map();
    for (const row of scored2) byRole.set(safeRole(row.role), [...byRole.get(safeRole(row.role)) ?? [], row.normalized]);
    for (const [role2, values2] of byRole) {
      out[`${key}${SEP}${role2}${SEP}n`] = values2.length;
      out[`${key}${SEP}${role2}${SEP}sum`] = values2.reduce((a, b) => a + b, 0);
      out[`${key}${SEP}${role2}${SEP}min`] = Math.min(...values2);
      out[`${key}${SEP}${role2}${SEP}max`] = Math.max(...values2);
    }
    const gate = gateFor(options, group[0].type, group[0].evaluation, group[0].level);
    const role = gate ? gate.role : void 0;
    const roleValues = role !== void 0 ? byRole.get(safeRole(role)) : void 0;
    if (roleValues?.length) out[`${key}/${role}`] = roleValues.reduce((a, b) => a + b, 0) / roleValues.length;
  }
  return out;
}
function poolCaseMetrics(cases) {
  const pooled2 = /* @__PURE__ */ new Map();
  for (const metrics of cases) {
    for (const [name, value] of Object.entries(metrics)) {
      const last = name.lastIndexOf(SEP);
      if (last < 0) continue;
      const middle = name.lastIndexOf(SEP, last - 1);
      if (middle < 0) continue;
      const key = name.slice(0, middle);
      const role = name.slice(middle + 1, last);
      const stat3 = name.slice(last + 1);
      let stats = pooled2.get(key);
      if (!stats) {
        stats = { rubric: false, skipped: 0, invalid: 0, errors: 0, roles: /* @__PURE__ */ new Map() };
        pooled2.set(key, stats);
      }
      if (role === "") {
        if (stat3 === "rubric") stats.rubric = true;
        else if (stat3 === "skipped" || stat3 === "invalid" || stat3 === "errors") stats[stat3] += value;
        continue;
      }
      const r = stats.roles.get(role) ?? { n: 0, sum: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
      if (stat3 === "n") r.n += value;
      else if (stat3 === "sum") r.sum += value;
      else if (stat3 === "min") r.min = Math.min(r.min, value);
      else if (stat3 === "max") r.max = Math.max(r.max, value);
      stats.roles.set(role, r);
    }
  }
  return pooled2;
}

// src/suites/conversations/aggregate.ts
function parseKey(key) {
  const at = key.lastIndexOf("@");
  const name = key.slice(0, at);
  const slash = name.indexOf("/");
  return { evaluation: slash >= 0 ? name.slice(0, slash) : name, level: key.slice(at + 1) };
}
function pooled(stats, role) {
  const roles = role === void 0 ? [...stats.roles.values()] : [stats.roles.get(role)].filter((r) => r !== void 0);
  const n = roles.reduce((sum2, r) => sum2 + r.n, 0);
  return { n, mean: n > 0 ? roles.reduce((sum2, r) => sum2 + r.sum, 0) / n : null };
}
function gatedMetric(value, rubric, gate, description) {
  const base = { value: value.n > 0 ? value.mean : null, n: value.n, unit: rubric ? "ratio" : "score", description };
  if (gate === false || !rubric && gate === void 0) return { ...base, gated: false, direction: "higher" };
  const spec = gate ?? {};
  const direction = spec["at-most"] !== void 0 ? "lower" : spec["at-least"] !== void 0 ? "higher" : spec.direction ?? "higher";
  const bounds = {
    ...spec["at-least"] !== void 0 ? { min: spec["at-least"] } : {},
    ...spec["at-most"] !== void 0 ? { max: spec["at-most"] } : {}
  };
  return { ...base, gated: true, direction, ...rubric && Object.keys(bounds).length === 0 ? {} : { bounds } };
}
function aggregateConversations(results, options) {
  const scoredCases = results.filter((r) => r.status === "scored");
  const stats = poolCaseMetrics(scoredCases.map((r) => r.metrics));
  const metrics = {};
  const roles = [];
  const counts = [];
  let invalid = 0;
  let errors = 0;
  let skipped = 0;
  for (const [key, keyStats] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const { evaluation, level } = parseKey(key);
    const type = keyStats.rubric ? "rubric" : "function";
    const gate = gateFor(options, type, evaluation, level);
    const overall = pooled(keyStats);
    const what = keyStats.rubric ? "mean rubric score, 0..1" : "mean value";
    if (gate && gate.role !== void 0) {
      metrics[key] = gatedMetric(overall, keyStats.rubric, false, `${what} over every ${level}`);
      metrics[`${key}/${gate.role}`] = gatedMetric(
        pooled(keyStats, gate.role),
        keyStats.rubric,
        gate,
        `${what} over the ${gate.role}'s ${level}s`
      );
    } else {
      metrics[key] = gatedMetric(overall, keyStats.rubric, gate, `${what} over every ${level}`);
    }
    for (const [role, r] of [...keyStats.roles].sort(([a], [b]) => a.localeCompare(b))) {
      roles.push({ metric: key, role, n: r.n, mean: r.sum / r.n, min: r.min, max: r.max });
    }
    counts.push({
      metric: key,
      kind: type,
      scored: overall.n,
      skipped: keyStats.skipped,
      invalid: keyStats.invalid,
      errors: keyStats.errors
    });
    invalid += keyStats.invalid;
    errors += keyStats.errors;
    skipped += keyStats.skipped;
  }
  metrics["invalid_grades"] = {
    value: invalid,
    n: scoredCases.length,
    gated: false,
    direction: "lower",
    unit: "count",
    description: "rubric grades with no readable choice (not scored)"
  };
  metrics["metric_errors"] = {
    value: errors,
    n: scoredCases.length,
    gated: false,
    direction: "lower",
    unit: "count",
    description: "metric computations that threw (not scored)"
  };
  metrics["error_rate"] = {
    value: results.length > 0 ? (results.length - scoredCases.length) / results.length : null,
    n: results.length,
    gated: false,
    direction: "lower",
    unit: "ratio",
    description: "threads that could not be evaluated (completion or grader unreachable)"
  };
  const warnings = [];
  if (invalid > 0) warnings.push(`${invalid} rubric grade(s) named no choice and were not scored (invalid)`);
  if (errors > 0) warnings.push(`${errors} metric computation(s) threw and were not scored`);
  if (skipped > 0) warnings.push(`${skipped} metric computation(s) skipped: depends-on not met`);
  const failed = results.length - scoredCases.length;
  if (failed > 0) warnings.push(`${failed} of ${results.length} thread(s) could not be evaluated`);
  return { metrics, warnings, breakdowns: { roles, metrics: counts } };
}

// src/suites/conversations/load.ts
import { createHash } from "node:crypto";
import { readdir, readFile as readFile3 } from "node:fs/promises";
import path4 from "node:path";
import { pathToFileURL } from "node:url";

// src/gate/glob.ts
var import_picomatch = __toESM(require_picomatch2(), 1);
var OPTIONS = { dot: true, noextglob: true };
var cache = /* @__PURE__ */ new Map();
function matcher(pattern) {
  let match = cache.get(pattern);
  if (!match) {
    match = (0, import_picomatch.default)(pattern, OPTIONS);
    cache.set(pattern, match);
  }
  return match;
}
function matchGlob(pattern, text) {
  return matcher(pattern)(text);
}

// src/suites/conversations/flexeval-evals.ts
var import_yaml2 = __toESM(require_dist(), 1);
var DEPENDENCY_KEYS = {
  name: "name",
  type: "type",
  kwargs: "kwargs",
  metric_name: "metric-name",
  metric_level: "level",
  relative_object_position: "relative-position",
  metric_min_value: "min",
  metric_max_value: "max"
};
function renameKeys(value, names, field, problems) {
  const out = {};
  for (const [key, v] of Object.entries(value)) {
    const name = names[key];
    if (name) out[name] = v;
    else problems.push(`${field}.${key}: not a FlexEval key here (expected one of ${Object.keys(names).join(", ")})`);
  }
  return out;
}
function readFlexEvalEval(text, file, evalName) {
  const lineCounter = new import_yaml2.LineCounter();
  const doc = (0, import_yaml2.parseDocument)(text, { lineCounter, uniqueKeys: false });
  if (doc.errors.length > 0) {
    return { problems: doc.errors.map((e) => ({ file, line: e.linePos?.[0].line, message: `YAML: ${e.message.split("\n")[0]}` })) };
  }
  if (!(0, import_yaml2.isMap)(doc.contents)) return { problems: [{ file, line: 1, message: "expected a map of eval name \u2192 eval" }] };
  const pair = doc.contents.items.find((item) => (0, import_yaml2.isScalar)(item.key) && String(item.key.value) === evalName);
  if (!pair) {
    const names = doc.contents.items.map((item) => (0, import_yaml2.isScalar)(item.key) ? String(item.key.value) : "?");
    return { problems: [{ file, field: evalName, message: `no eval "${evalName}" in this file (evals: ${names.join(", ")})` }] };
  }
  const line2 = lineCounter.linePos(pair.key?.range?.[0] ?? 0).line;
  const value = pair.value?.toJSON?.();
  const metrics = value?.["metrics"] ?? {};
  const problems = [];
  const out = { function: [], rubric: [], doCompletion: value?.["do_completion"] === true, line: line2 };
  for (const type of ["function", "rubric"]) {
    const items = metrics[type] ?? [];
    if (!Array.isArray(items)) {
      problems.push({ file, line: line2, field: `${evalName}.metrics.${type}`, message: "expected a list of metrics" });
      continue;
    }
    items.forEach((item, i) => {
      const field = `${evalName}.metrics.${type}[${i}]`;
      const messages = [];
      const raw = item ?? {};
      const converted = renameKeys(
        raw,
        { name: "name", metric_level: "level", kwargs: "kwargs", depends_on: "depends-on", notes: "notes" },
        field,
        messages
      );
      delete converted["notes"];
      if (converted["kwargs"] === null) delete converted["kwargs"];
      if (Array.isArray(converted["depends-on"])) {
        converted["depends-on"] = converted["depends-on"].map(
          (dep, j) => renameKeys(dep ?? {}, DEPENDENCY_KEYS, `${field}.depends_on[${j}]`, messages)
        );
      }
      const parsed = metricItemSchema.safeParse(converted);
      if (!parsed.success) for (const issue of parsed.error.issues) messages.push(`${field}.${issue.path.join(".")}: ${issue.message}`);
      for (const message of messages)
        problems.push({ file, line: line2, field: message.split(": ")[0], message: message.slice(message.indexOf(": ") + 2) });
      if (parsed.success && messages.length === 0) out[type].push(parsed.data);
    });
  }
  return problems.length > 0 ? { problems } : { eval: out, problems };
}

// node_modules/emoji-regex/index.mjs
var emoji_regex_default = () => {
  return /[#*0-9]\uFE0F?\u20E3|[\xA9\xAE\u203C\u2049\u2122\u2139\u2194-\u2199\u21A9\u21AA\u231A\u231B\u2328\u23CF\u23ED-\u23EF\u23F1\u23F2\u23F8-\u23FA\u24C2\u25AA\u25AB\u25B6\u25C0\u25FB\u25FC\u25FE\u2600-\u2604\u260E\u2611\u2614\u2615\u2618\u2620\u2622\u2623\u2626\u262A\u262E\u262F\u2638-\u263A\u2640\u2642\u2648-\u2653\u265F\u2660\u2663\u2665\u2666\u2668\u267B\u267E\u267F\u2692\u2694-\u2697\u2699\u269B\u269C\u26A0\u26A7\u26AA\u26B0\u26B1\u26BD\u26BE\u26C4\u26C8\u26CF\u26D1\u26E9\u26F0-\u26F5\u26F7\u26F8\u26FA\u2702\u2708\u2709\u270F\u2712\u2714\u2716\u271D\u2721\u2733\u2734\u2744\u2747\u2757\u2763\u27A1\u2934\u2935\u2B05-\u2B07\u2B1B\u2B1C\u2B55\u3030\u303D\u3297\u3299]\uFE0F?|[\u261D\u270C\u270D](?:\uD83C[\uDFFB-\uDFFF]|\uFE0F)?|[\u270A\u270B](?:\uD83C[\uDFFB-\uDFFF])?|[\u23E9-\u23EC\u23F0\u23F3\u25FD\u2693\u26A1\u26AB\u26C5\u26CE\u26D4\u26EA\u26FD\u2705\u2728\u274C\u274E\u2753-\u2755\u2795-\u2797\u27B0\u27BF\u2B50]|\u26D3\uFE0F?(?:\u200D\uD83D\uDCA5)?|\u26F9(?:\uD83C[\uDFFB-\uDFFF]|\uFE0F)?(?:\u200D[\u2640\u2642]\uFE0F?)?|\u2764\uFE0F?(?:\u200D(?:\uD83D\uDD25|\uD83E\uDE79))?|\uD83C(?:[\uDC04\uDD70\uDD71\uDD7E\uDD7F\uDE02\uDE37\uDF21\uDF24-\uDF2C\uDF36\uDF7D\uDF96\uDF97\uDF99-\uDF9B\uDF9E\uDF9F\uDFCD\uDFCE\uDFD4-\uDFDF\uDFF5\uDFF7]\uFE0F?|[\uDF85\uDFC2\uDFC7](?:\uD83C[\uDFFB-\uDFFF])?|[\uDFC4\uDFCA](?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D[\u2640\u2642]\uFE0F?)?|[\uDFCB\uDFCC](?:\uD83C[\uDFFB-\uDFFF]|\uFE0F)?(?:\u200D[\u2640\u2642]\uFE0F?)?|[\uDCCF\uDD8E\uDD91-\uDD9A\uDE01\uDE1A\uDE2F\uDE32-\uDE36\uDE38-\uDE3A\uDE50\uDE51\uDF00-\uDF20\uDF2D-\uDF35\uDF37-\uDF43\uDF45-\uDF4A\uDF4C-\uDF7C\uDF7E-\uDF84\uDF86-\uDF93\uDFA0-\uDFC1\uDFC5\uDFC6\uDFC8\uDFC9\uDFCF-\uDFD3\uDFE0-\uDFF0\uDFF8-\uDFFF]|\uDDE6\uD83C[\uDDE8-\uDDEC\uDDEE\uDDF1\uDDF2\uDDF4\uDDF6-\uDDFA\uDDFC\uDDFD\uDDFF]|\uDDE7\uD83C[\uDDE6\uDDE7\uDDE9-\uDDEF\uDDF1-\uDDF4\uDDF6-\uDDF9\uDDFB\uDDFC\uDDFE\uDDFF]|\uDDE8\uD83C[\uDDE6\uDDE8\uDDE9\uDDEB-\uDDEE\uDDF0-\uDDF7\uDDFA-\uDDFF]|\uDDE9\uD83C[\uDDEA\uDDEC\uDDEF\uDDF0\uDDF2\uDDF4\uDDFF]|\uDDEA\uD83C[\uDDE6\uDDE8\uDDEA\uDDEC\uDDED\uDDF7-\uDDFA]|\uDDEB\uD83C[\uDDEE-\uDDF0\uDDF2\uDDF4\uDDF7]|\uDDEC\uD83C[\uDDE6\uDDE7\uDDE9-\uDDEE\uDDF1-\uDDF3\uDDF5-\uDDFA\uDDFC\uDDFE]|\uDDED\uD83C[\uDDF0\uDDF2\uDDF3\uDDF7\uDDF9\uDDFA]|\uDDEE\uD83C[\uDDE8-\uDDEA\uDDF1-\uDDF4\uDDF6-\uDDF9]|\uDDEF\uD83C[\uDDEA\uDDF2\uDDF4\uDDF5]|\uDDF0\uD83C[\uDDEA\uDDEC-\uDDEE\uDDF2\uDDF3\uDDF5\uDDF7\uDDFC\uDDFE\uDDFF]|\uDDF1\uD83C[\uDDE6-\uDDE8\uDDEE\uDDF0\uDDF7-\uDDFB\uDDFE]|\uDDF2\uD83C[\uDDE6\uDDE8-\uDDED\uDDF0-\uDDFF]|\uDDF3\uD83C[\uDDE6\uDDE8\uDDEA-\uDDEC\uDDEE\uDDF1\uDDF4\uDDF5\uDDF7\uDDFA\uDDFF]|\uDDF4\uD83C\uDDF2|\uDDF5\uD83C[\uDDE6\uDDEA-\uDDED\uDDF0-\uDDF3\uDDF7-\uDDF9\uDDFC\uDDFE]|\uDDF6\uD83C\uDDE6|\uDDF7\uD83C[\uDDEA\uDDF4\uDDF8\uDDFA\uDDFC]|\uDDF8\uD83C[\uDDE6-\uDDEA\uDDEC-\uDDF4\uDDF7-\uDDF9\uDDFB\uDDFD-\uDDFF]|\uDDF9\uD83C[\uDDE6\uDDE8\uDDE9\uDDEB-\uDDED\uDDEF-\uDDF4\uDDF7\uDDF9\uDDFB\uDDFC\uDDFF]|\uDDFA\uD83C[\uDDE6\uDDEC\uDDF2\uDDF3\uDDF8\uDDFE\uDDFF]|\uDDFB\uD83C[\uDDE6\uDDE8\uDDEA\uDDEC\uDDEE\uDDF3\uDDFA]|\uDDFC\uD83C[\uDDEB\uDDF8]|\uDDFD\uD83C\uDDF0|\uDDFE\uD83C[\uDDEA\uDDF9]|\uDDFF\uD83C[\uDDE6\uDDF2\uDDFC]|\uDF44(?:\u200D\uD83D\uDFEB)?|\uDF4B(?:\u200D\uD83D\uDFE9)?|\uDFC3(?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D(?:[\u2640\u2642]\uFE0F?(?:\u200D\u27A1\uFE0F?)?|\u27A1\uFE0F?))?|\uDFF3\uFE0F?(?:\u200D(?:\u26A7\uFE0F?|\uD83C\uDF08))?|\uDFF4(?:\u200D\u2620\uFE0F?|\uDB40\uDC67\uDB40\uDC62\uDB40(?:\uDC65\uDB40\uDC6E\uDB40\uDC67|\uDC73\uDB40\uDC63\uDB40\uDC74|\uDC77\uDB40\uDC6C\uDB40\uDC73)\uDB40\uDC7F)?)|\uD83D(?:[\uDC3F\uDCFD\uDD49\uDD4A\uDD6F\uDD70\uDD73\uDD76-\uDD79\uDD87\uDD8A-\uDD8D\uDDA5\uDDA8\uDDB1\uDDB2\uDDBC\uDDC2-\uDDC4\uDDD1-\uDDD3\uDDDC-\uDDDE\uDDE1\uDDE3\uDDE8\uDDEF\uDDF3\uDDFA\uDECB\uDECD-\uDECF\uDEE0-\uDEE5\uDEE9\uDEF0\uDEF3]\uFE0F?|[\uDC42\uDC43\uDC46-\uDC50\uDC66\uDC67\uDC6B-\uDC6D\uDC72\uDC74-\uDC76\uDC78\uDC7C\uDC83\uDC85\uDC8F\uDC91\uDCAA\uDD7A\uDD95\uDD96\uDE4C\uDE4F\uDEC0\uDECC](?:\uD83C[\uDFFB-\uDFFF])?|[\uDC6E-\uDC71\uDC73\uDC77\uDC81\uDC82\uDC86\uDC87\uDE45-\uDE47\uDE4B\uDE4D\uDE4E\uDEA3\uDEB4\uDEB5](?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D[\u2640\u2642]\uFE0F?)?|[\uDD74\uDD90](?:\uD83C[\uDFFB-\uDFFF]|\uFE0F)?|[\uDC00-\uDC07\uDC09-\uDC14\uDC16-\uDC25\uDC27-\uDC3A\uDC3C-\uDC3E\uDC40\uDC44\uDC45\uDC51-\uDC65\uDC6A\uDC79-\uDC7B\uDC7D-\uDC80\uDC84\uDC88-\uDC8E\uDC90\uDC92-\uDCA9\uDCAB-\uDCFC\uDCFF-\uDD3D\uDD4B-\uDD4E\uDD50-\uDD67\uDDA4\uDDFB-\uDE2D\uDE2F-\uDE34\uDE37-\uDE41\uDE43\uDE44\uDE48-\uDE4A\uDE80-\uDEA2\uDEA4-\uDEB3\uDEB7-\uDEBF\uDEC1-\uDEC5\uDED0-\uDED2\uDED5-\uDED9\uDEDC-\uDEDF\uDEEB\uDEEC\uDEF4-\uDEFC\uDFE0-\uDFEB\uDFF0]|\uDC08(?:\u200D\u2B1B)?|\uDC15(?:\u200D\uD83E\uDDBA)?|\uDC26(?:\u200D(?:\u2B1B|\uD83D\uDD25))?|\uDC3B(?:\u200D\u2744\uFE0F?)?|\uDC41\uFE0F?(?:\u200D\uD83D\uDDE8\uFE0F?)?|\uDC68(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDC68\uDC69]\u200D\uD83D(?:\uDC66(?:\u200D\uD83D\uDC66)?|\uDC67(?:\u200D\uD83D[\uDC66\uDC67])?)|[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC66(?:\u200D\uD83D\uDC66)?|\uDC67(?:\u200D\uD83D[\uDC66\uDC67])?)|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]))|\uD83C(?:\uDFFB(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC68\uD83C[\uDFFC-\uDFFF])|\uD83E(?:[\uDD1D\uDEEF]\u200D\uD83D\uDC68\uD83C[\uDFFC-\uDFFF]|[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3])))?|\uDFFC(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC68\uD83C[\uDFFB\uDFFD-\uDFFF])|\uD83E(?:[\uDD1D\uDEEF]\u200D\uD83D\uDC68\uD83C[\uDFFB\uDFFD-\uDFFF]|[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3])))?|\uDFFD(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC68\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])|\uD83E(?:[\uDD1D\uDEEF]\u200D\uD83D\uDC68\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF]|[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3])))?|\uDFFE(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC68\uD83C[\uDFFB-\uDFFD\uDFFF])|\uD83E(?:[\uDD1D\uDEEF]\u200D\uD83D\uDC68\uD83C[\uDFFB-\uDFFD\uDFFF]|[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3])))?|\uDFFF(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?\uDC68\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC68\uD83C[\uDFFB-\uDFFE])|\uD83E(?:[\uDD1D\uDEEF]\u200D\uD83D\uDC68\uD83C[\uDFFB-\uDFFE]|[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3])))?))?|\uDC69(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:\uDC8B\u200D\uD83D)?[\uDC68\uDC69]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC66(?:\u200D\uD83D\uDC66)?|\uDC67(?:\u200D\uD83D[\uDC66\uDC67])?|\uDC69\u200D\uD83D(?:\uDC66(?:\u200D\uD83D\uDC66)?|\uDC67(?:\u200D\uD83D[\uDC66\uDC67])?))|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]))|\uD83C(?:\uDFFB(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:[\uDC68\uDC69]|\uDC8B\u200D\uD83D[\uDC68\uDC69])\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC69\uD83C[\uDFFC-\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]|\uDD1D\u200D\uD83D[\uDC68\uDC69]\uD83C[\uDFFC-\uDFFF]|\uDEEF\u200D\uD83D\uDC69\uD83C[\uDFFC-\uDFFF])))?|\uDFFC(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:[\uDC68\uDC69]|\uDC8B\u200D\uD83D[\uDC68\uDC69])\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC69\uD83C[\uDFFB\uDFFD-\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]|\uDD1D\u200D\uD83D[\uDC68\uDC69]\uD83C[\uDFFB\uDFFD-\uDFFF]|\uDEEF\u200D\uD83D\uDC69\uD83C[\uDFFB\uDFFD-\uDFFF])))?|\uDFFD(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:[\uDC68\uDC69]|\uDC8B\u200D\uD83D[\uDC68\uDC69])\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC69\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]|\uDD1D\u200D\uD83D[\uDC68\uDC69]\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF]|\uDEEF\u200D\uD83D\uDC69\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])))?|\uDFFE(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:[\uDC68\uDC69]|\uDC8B\u200D\uD83D[\uDC68\uDC69])\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC69\uD83C[\uDFFB-\uDFFD\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]|\uDD1D\u200D\uD83D[\uDC68\uDC69]\uD83C[\uDFFB-\uDFFD\uDFFF]|\uDEEF\u200D\uD83D\uDC69\uD83C[\uDFFB-\uDFFD\uDFFF])))?|\uDFFF(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D\uD83D(?:[\uDC68\uDC69]|\uDC8B\u200D\uD83D[\uDC68\uDC69])\uD83C[\uDFFB-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83D\uDC69\uD83C[\uDFFB-\uDFFE])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3]|\uDD1D\u200D\uD83D[\uDC68\uDC69]\uD83C[\uDFFB-\uDFFE]|\uDEEF\u200D\uD83D\uDC69\uD83C[\uDFFB-\uDFFE])))?))?|\uDD75(?:\uD83C[\uDFFB-\uDFFF]|\uFE0F)?(?:\u200D[\u2640\u2642]\uFE0F?)?|\uDE2E(?:\u200D\uD83D\uDCA8)?|\uDE35(?:\u200D\uD83D\uDCAB)?|\uDE36(?:\u200D\uD83C\uDF2B\uFE0F?)?|\uDE42(?:\u200D[\u2194\u2195]\uFE0F?)?|\uDEB6(?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D(?:[\u2640\u2642]\uFE0F?(?:\u200D\u27A1\uFE0F?)?|\u27A1\uFE0F?))?)|\uD83E(?:[\uDD0C\uDD0F\uDD18-\uDD1F\uDD30-\uDD34\uDD36\uDD77\uDDB5\uDDB6\uDDBB\uDDD2\uDDD3\uDDD5\uDEC3-\uDEC5\uDEF0\uDEF2-\uDEFA](?:\uD83C[\uDFFB-\uDFFF])?|[\uDD26\uDD35\uDD37-\uDD39\uDD3C-\uDD3E\uDDB8\uDDB9\uDDCD\uDDCF\uDDD4\uDDD6-\uDDDD](?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D[\u2640\u2642]\uFE0F?)?|[\uDDDE\uDDDF](?:\u200D[\u2640\u2642]\uFE0F?)?|[\uDD0D\uDD0E\uDD10-\uDD17\uDD20-\uDD25\uDD27-\uDD2F\uDD3A\uDD3F-\uDD45\uDD47-\uDD76\uDD78-\uDDB4\uDDB7\uDDBA\uDDBC-\uDDCC\uDDD0\uDDE0-\uDDFF\uDE70-\uDE7C\uDE80-\uDEC2\uDEC6\uDEC8\uDECC-\uDEDD\uDEDF-\uDEEB\uDEEF]|\uDDCE(?:\uD83C[\uDFFB-\uDFFF])?(?:\u200D(?:[\u2640\u2642]\uFE0F?(?:\u200D\u27A1\uFE0F?)?|\u27A1\uFE0F?))?|\uDDD1(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1|\uDDD1\u200D\uD83E\uDDD2(?:\u200D\uD83E\uDDD2)?|\uDDD2(?:\u200D\uD83E\uDDD2)?))|\uD83C(?:\uDFFB(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D(?:\uD83D\uDC8B\u200D)?\uD83E\uDDD1\uD83C[\uDFFC-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83E\uDDD1\uD83C[\uDFFC-\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFF]|\uDEEF\u200D\uD83E\uDDD1\uD83C[\uDFFC-\uDFFF])))?|\uDFFC(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D(?:\uD83D\uDC8B\u200D)?\uD83E\uDDD1\uD83C[\uDFFB\uDFFD-\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83E\uDDD1\uD83C[\uDFFB\uDFFD-\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFF]|\uDEEF\u200D\uD83E\uDDD1\uD83C[\uDFFB\uDFFD-\uDFFF])))?|\uDFFD(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D(?:\uD83D\uDC8B\u200D)?\uD83E\uDDD1\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83E\uDDD1\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFF]|\uDEEF\u200D\uD83E\uDDD1\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])))?|\uDFFE(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D(?:\uD83D\uDC8B\u200D)?\uD83E\uDDD1\uD83C[\uDFFB-\uDFFD\uDFFF]|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFD\uDFFF])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFF]|\uDEEF\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFD\uDFFF])))?|\uDFFF(?:\u200D(?:[\u2695\u2696\u2708]\uFE0F?|\u2764\uFE0F?\u200D(?:\uD83D\uDC8B\u200D)?\uD83E\uDDD1\uD83C[\uDFFB-\uDFFE]|\uD83C[\uDF3E\uDF73\uDF7C\uDF84\uDF93\uDFA4\uDFA8\uDFEB\uDFED]|\uD83D(?:[\uDCBB\uDCBC\uDD27\uDD2C\uDE80\uDE92]|\uDC30\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFE])|\uD83E(?:[\uDDAF\uDDBC\uDDBD](?:\u200D\u27A1\uFE0F?)?|[\uDDB0-\uDDB3\uDE70]|\uDD1D\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFF]|\uDEEF\u200D\uD83E\uDDD1\uD83C[\uDFFB-\uDFFE])))?))?|\uDEF1(?:\uD83C(?:\uDFFB(?:\u200D\uD83E\uDEF2\uD83C[\uDFFC-\uDFFF])?|\uDFFC(?:\u200D\uD83E\uDEF2\uD83C[\uDFFB\uDFFD-\uDFFF])?|\uDFFD(?:\u200D\uD83E\uDEF2\uD83C[\uDFFB\uDFFC\uDFFE\uDFFF])?|\uDFFE(?:\u200D\uD83E\uDEF2\uD83C[\uDFFB-\uDFFD\uDFFF])?|\uDFFF(?:\u200D\uD83E\uDEF2\uD83C[\uDFFB-\uDFFE])?))?)/g;
};

// node_modules/syllable/index.js
var import_pluralize = __toESM(require_pluralize(), 1);
var import_normalize_strings = __toESM(require_normalize_strings(), 1);

// node_modules/syllable/problematic.js
var problematic = {
  abalone: 4,
  abare: 3,
  abbruzzese: 4,
  abed: 2,
  aborigine: 5,
  abruzzese: 4,
  acreage: 3,
  adame: 3,
  adieu: 2,
  adobe: 3,
  anemone: 4,
  anyone: 3,
  apache: 3,
  aphrodite: 4,
  apostrophe: 4,
  ariadne: 4,
  cafe: 2,
  calliope: 4,
  catastrophe: 4,
  chile: 2,
  chloe: 2,
  circe: 2,
  coyote: 3,
  daphne: 2,
  epitome: 4,
  eurydice: 4,
  euterpe: 3,
  every: 2,
  everywhere: 3,
  forever: 3,
  gethsemane: 4,
  guacamole: 4,
  hermione: 4,
  hyperbole: 4,
  jesse: 2,
  jukebox: 2,
  karate: 3,
  machete: 3,
  maybe: 2,
  naive: 2,
  newlywed: 3,
  penelope: 4,
  people: 2,
  persephone: 4,
  phoebe: 2,
  pulse: 1,
  queue: 1,
  recipe: 3,
  riverbed: 3,
  sesame: 3,
  shoreline: 2,
  simile: 3,
  snuffleupagus: 5,
  sometimes: 2,
  syncope: 3,
  tamale: 3,
  waterbed: 3,
  wednesday: 2,
  yosemite: 4,
  zoe: 2
};

// node_modules/syllable/index.js
var own = {}.hasOwnProperty;
var EXPRESSION_MONOSYLLABIC_ONE = new RegExp(
  [
    "awe($|d|so)",
    "cia(?:l|$)",
    "tia",
    "cius",
    "cious",
    "[^aeiou]giu",
    "[aeiouy][^aeiouy]ion",
    "iou",
    "sia$",
    "eous$",
    "[oa]gue$",
    ".[^aeiuoycgltdb]{2,}ed$",
    ".ely$",
    "^jua",
    "uai",
    "eau",
    "^busi$",
    "(?:[aeiouy](?:" + [
      "[bcfgklmnprsvwxyz]",
      "ch",
      "dg",
      "g[hn]",
      "lch",
      "l[lv]",
      "mm",
      "nch",
      "n[cgn]",
      "r[bcnsv]",
      "squ",
      "s[chkls]",
      "th"
    ].join("|") + ")ed$)",
    "(?:[aeiouy](?:" + [
      "[bdfklmnprstvy]",
      "ch",
      "g[hn]",
      "lch",
      "l[lv]",
      "mm",
      "nch",
      "nn",
      "r[nsv]",
      "squ",
      "s[cklst]",
      "th"
    ].join("|") + ")es$)"
  ].join("|"),
  "g"
);
var EXPRESSION_MONOSYLLABIC_TWO = new RegExp(
  "[aeiouy](?:" + [
    "[bcdfgklmnprstvyz]",
    "ch",
    "dg",
    "g[hn]",
    "l[lv]",
    "mm",
    "n[cgns]",
    "r[cnsv]",
    "squ",
    "s[cklst]",
    "th"
  ].join("|") + ")e$",
  "g"
);
var EXPRESSION_DOUBLE_SYLLABIC_ONE = new RegExp(
  "(?:" + [
    "([^aeiouy])\\1l",
    "[^aeiouy]ie(?:r|s?t)",
    "[aeiouym]bl",
    "eo",
    "ism",
    "asm",
    "thm",
    "dnt",
    "snt",
    "uity",
    "dea",
    "gean",
    "oa",
    "ua",
    "react?",
    "orbed",
    // Cancel `'.[^aeiuoycgltdb]{2,}ed$',`
    "shred",
    // Cancel `'.[^aeiuoycgltdb]{2,}ed$',`
    "eings?",
    "[aeiouy]sh?e[rs]"
  ].join("|") + ")$",
  "g"
);
var EXPRESSION_DOUBLE_SYLLABIC_TWO = new RegExp(
  [
    "creat(?!u)",
    "[^gq]ua[^auieo]",
    "[aeiou]{3}",
    "^(?:ia|mc|coa[dglx].)",
    "^re(app|es|im|us)",
    "(th|d)eist"
  ].join("|"),
  "g"
);
var EXPRESSION_DOUBLE_SYLLABIC_THREE = new RegExp(
  [
    "[^aeiou]y[ae]",
    "[^l]lien",
    "riet",
    "dien",
    "iu",
    "io",
    "ii",
    "uen",
    "[aeilotu]real",
    "real[aeilotu]",
    "iell",
    "eo[^aeiou]",
    "[aeiou]y[aeiou]"
  ].join("|"),
  "g"
);
var EXPRESSION_DOUBLE_SYLLABIC_FOUR = /[^s]ia/;
var EXPRESSION_SINGLE = new RegExp(
  [
    "^(?:" + [
      "un",
      "fore",
      "ware",
      "none?",
      "out",
      "post",
      "sub",
      "pre",
      "pro",
      "dis",
      "side",
      "some"
    ].join("|") + ")",
    "(?:" + [
      "ly",
      "less",
      "some",
      "ful",
      "ers?",
      "ness",
      "cians?",
      "ments?",
      "ettes?",
      "villes?",
      "ships?",
      "sides?",
      "ports?",
      "shires?",
      "[gnst]ion(?:ed|s)?"
    ].join("|") + ")$"
  ].join("|"),
  "g"
);
var EXPRESSION_DOUBLE = new RegExp(
  [
    "^(?:" + [
      "above",
      "anti",
      "ante",
      "counter",
      "hyper",
      "afore",
      "agri",
      "infra",
      "intra",
      "inter",
      "over",
      "semi",
      "ultra",
      "under",
      "extra",
      "dia",
      "micro",
      "mega",
      "kilo",
      "pico",
      "nano",
      "macro",
      "somer"
    ].join("|") + ")",
    "(?:fully|berry|woman|women|edly|union|((?:[bcdfghjklmnpqrstvwxz])|[aeiou])ye?ing)$"
  ].join("|"),
  "g"
);
var EXPRESSION_TRIPLE = /(creations?|ology|ologist|onomy|onomist)$/g;
function syllable(value) {
  const values2 = (0, import_normalize_strings.default)(String(value)).toLowerCase().replace(/['’]/g, "").split(/\b/g);
  let index = -1;
  let sum2 = 0;
  while (++index < values2.length) {
    sum2 += one(values2[index].replace(/[^a-z]/g, ""));
  }
  return sum2;
}
function one(value) {
  let count = 0;
  if (value.length === 0) {
    return count;
  }
  if (value.length < 3) {
    return 1;
  }
  if (own.call(problematic, value)) {
    return problematic[value];
  }
  const singular = (0, import_pluralize.default)(value, 1);
  if (own.call(problematic, singular)) {
    return problematic[singular];
  }
  const addOne = returnFactory(1);
  const subtractOne = returnFactory(-1);
  value = value.replace(EXPRESSION_TRIPLE, countFactory(3)).replace(EXPRESSION_DOUBLE, countFactory(2)).replace(EXPRESSION_SINGLE, countFactory(1));
  const parts = value.split(/[^aeiouy]+/);
  let index = -1;
  while (++index < parts.length) {
    if (parts[index] !== "") {
      count++;
    }
  }
  value.replace(EXPRESSION_MONOSYLLABIC_ONE, subtractOne).replace(EXPRESSION_MONOSYLLABIC_TWO, subtractOne);
  value.replace(EXPRESSION_DOUBLE_SYLLABIC_ONE, addOne).replace(EXPRESSION_DOUBLE_SYLLABIC_TWO, addOne).replace(EXPRESSION_DOUBLE_SYLLABIC_THREE, addOne).replace(EXPRESSION_DOUBLE_SYLLABIC_FOUR, addOne);
  return count || 1;
  function countFactory(addition) {
    return counter;
    function counter() {
      count += addition;
      return "";
    }
  }
  function returnFactory(addition) {
    return returner;
    function returner($0) {
      count += addition;
      return $0;
    }
  }
}

// src/suites/conversations/readability.ts
var NON_CONTRACTION_APOSTROPHE = /'(?![tsd]|ve|ll|re)/g;
var PUNCTUATION_EXCEPT_APOSTROPHE = /[^\p{L}\p{N}_\s']/gu;
function listWords(text) {
  return text.replace(NON_CONTRACTION_APOSTROPHE, "").replace(PUNCTUATION_EXCEPT_APOSTROPHE, "").split(/\s+/).filter(Boolean);
}
function countSentences(text) {
  if (text.length === 0) return 0;
  const sentences = text.match(/(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])[^.!?]+[.!?]*/gu) ?? [];
  const ignored = sentences.filter((sentence) => listWords(sentence).length <= 2).length;
  return Math.max(1, sentences.length - ignored);
}
var syllableCache = /* @__PURE__ */ new Map();
var SYLLABLE_CACHE_SIZE = 5e4;
function wordSyllables(word) {
  let count = syllableCache.get(word);
  if (count === void 0) {
    count = syllable(word);
    if (syllableCache.size >= SYLLABLE_CACHE_SIZE) syllableCache.clear();
    syllableCache.set(word, count);
  }
  return count;
}
function countSyllables(text) {
  return listWords(text.toLowerCase()).reduce((sum2, word) => sum2 + wordSyllables(word), 0);
}
function rates(text) {
  const words = listWords(text).length;
  const sentences = countSentences(text);
  return {
    wordsPerSentence: sentences > 0 ? words / sentences : 0,
    syllablesPerWord: words > 0 ? countSyllables(text) / words : 0
  };
}
function fleschReadingEase(text) {
  const { wordsPerSentence, syllablesPerWord } = rates(text);
  if (wordsPerSentence === 0 || syllablesPerWord === 0) return 0;
  return 206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord;
}
function fleschKincaidGrade(text) {
  const { wordsPerSentence, syllablesPerWord } = rates(text);
  if (wordsPerSentence === 0 || syllablesPerWord === 0) return 0;
  return 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59;
}
function countEmojis(text) {
  return text.match(emoji_regex_default())?.length ?? 0;
}

// src/suites/conversations/functions.ts
var TEXT_LEVELS = ["Message", "Turn", "Thread"];
function messagesOf(object2) {
  if (object2.level === "Thread" || object2.level === "Turn") return object2.messages;
  if (object2.level === "Message") return [object2];
  return [];
}
function toolCallsOf(object2) {
  return object2.level === "ToolCall" ? [object2] : object2.toolCalls;
}
function textOf(object2) {
  return object2.level === "ToolCall" ? object2.response ?? "" : object2.content;
}
function countMatches(text, expression) {
  return [...text.matchAll(expression)].length;
}
function regexKwarg(kwargs) {
  const key = String(kwargs["expression"]);
  return { key, pattern: new RegExp(key, "gu") };
}
function numberOr(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
function messageTokens(message) {
  const usage = message.metadata["usage"];
  const fromUsage = (key) => typeof usage === "object" && usage ? numberOr(usage[key]) : null;
  return {
    prompt: numberOr(message.metadata["prompt_tokens"]) ?? fromUsage("prompt_tokens") ?? 0,
    completion: numberOr(message.metadata["completion_tokens"]) ?? fromUsage("completion_tokens") ?? 0
  };
}
function messageTime(message) {
  const raw = message.metadata["timestamp"] ?? message.metadata["langgraph_ts"];
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const ms = typeof raw === "number" ? raw * 1e3 : Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}
function latency(object2, thread) {
  if (object2.level === "Thread") {
    const times = thread.messages.map(messageTime);
    if (times.some((t) => t === null) || times.length === 0) return null;
    return (times[times.length - 1] - times[0]) / 1e3;
  }
  const last = object2.level === "Turn" ? object2.messages[object2.messages.length - 1] : object2;
  if (!last) return null;
  const time = messageTime(last);
  if (time === null) return null;
  const previous = thread.messages[last.index - (object2.level === "Turn" ? object2.messages.length : 1)];
  if (!previous) return 0;
  const before = messageTime(previous);
  return before === null ? null : (time - before) / 1e3;
}
var BUILTIN_FUNCTIONS = {
  identity: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object2) => ({ object_type: { Thread: 0, Turn: 1, Message: 2, ToolCall: 3 }[object2.level] })
  },
  constant: { levels: ["Thread", "Turn", "Message", "ToolCall"], fn: (_o, kwargs) => numberOr(kwargs["response"]) ?? 0 },
  is_role: {
    levels: ["Turn", "Message"],
    requires: ["role"],
    fn: (object2, kwargs) => ({ [String(kwargs["role"])]: object2.role === kwargs["role"] ? 1 : 0 })
  },
  index_in_thread: { levels: ["Turn", "Message"], fn: (object2) => object2.index },
  is_last_turn_in_thread: { levels: ["Turn"], fn: (object2) => object2.isLast ? 1 : 0 },
  message_matches_regex: {
    levels: ["Message"],
    requires: ["expression"],
    fn: (object2, kwargs) => {
      const { key, pattern } = regexKwarg(kwargs);
      return { [key]: countMatches(object2.content, pattern) };
    }
  },
  count_of_parts_matching_regex: {
    levels: TEXT_LEVELS,
    requires: ["expression"],
    fn: (object2, kwargs) => {
      const { key, pattern } = regexKwarg(kwargs);
      return { [key]: messagesOf(object2).reduce((sum2, m) => sum2 + countMatches(m.content, pattern), 0) };
    }
  },
  tool_was_called: { levels: TEXT_LEVELS, fn: (object2) => toolCallsOf(object2).length > 0 ? 1 : 0 },
  count_tool_calls: { levels: TEXT_LEVELS, fn: (object2) => toolCallsOf(object2).length },
  count_tool_calls_by_name: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object2) => {
      const counts = {};
      for (const call of toolCallsOf(object2)) counts[call.name] = (counts[call.name] ?? 0) + 1;
      return counts;
    }
  },
  count_numeric_tool_call_params_by_name: {
    levels: ["ToolCall"],
    fn: (object2) => Object.entries(object2.arguments).flatMap(([name, value]) => {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? [{ name, value: n }] : [];
    })
  },
  count_llm_models: {
    levels: ["Thread"],
    // Messages per model, from a message's model_name (or model) key.
    fn: (object2) => {
      const counts = {};
      for (const message of object2.messages) {
        const model = message.metadata["model_name"] ?? message.metadata["model"];
        if (typeof model === "string") counts[model] = (counts[model] ?? 0) + 1;
      }
      return counts;
    }
  },
  count_messages: { levels: ["Thread", "Turn"], fn: (object2) => object2.messages.length },
  count_turns: { levels: ["Thread"], fn: (object2) => object2.turns.length },
  count_messages_per_role: {
    levels: ["Thread", "Turn"],
    fn: (object2) => {
      const counts = {};
      for (const message of object2.messages) counts[message.role] = (counts[message.role] ?? 0) + 1;
      return counts;
    }
  },
  count_emojis: { levels: TEXT_LEVELS, fn: (object2) => countEmojis(textOf(object2)) },
  string_length: {
    levels: TEXT_LEVELS,
    // FlexEval sums the lengths of the messages' contents (no newline between them). Length in
    // UTF-16 code units, as JavaScript counts; Python counts code points (see README).
    fn: (object2) => messagesOf(object2).reduce((sum2, m) => sum2 + m.content.length, 0)
  },
  flesch_reading_ease: { levels: TEXT_LEVELS, fn: (object2) => fleschReadingEase(textOf(object2)) },
  flesch_kincaid_grade: { levels: TEXT_LEVELS, fn: (object2) => fleschKincaidGrade(textOf(object2)) },
  count_tokens: {
    levels: TEXT_LEVELS,
    fn: (object2) => {
      let prompt = 0;
      let completion = 0;
      for (const message of messagesOf(object2)) {
        const tokens = messageTokens(message);
        prompt += tokens.prompt;
        completion += tokens.completion;
      }
      return { prompt_tokens: prompt, completion_tokens: completion };
    }
  },
  latency: { levels: TEXT_LEVELS, fn: (object2, _kwargs, thread) => latency(object2, thread) }
};
function readMetricReturn(functionName, result) {
  const toNumber2 = (value, where) => {
    if (value === null || value === void 0) return null;
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "number" && !Number.isNaN(value)) return value;
    throw new Error(`${where} returned ${JSON.stringify(value)}, not a number`);
  };
  if (typeof result === "number" || typeof result === "boolean" || result === null || result === void 0) {
    return [{ name: functionName, value: toNumber2(result, functionName) }];
  }
  if (Array.isArray(result)) {
    return result.map((entry, i) => {
      if (typeof entry !== "object" || entry === null || typeof entry.name !== "string") {
        throw new Error(`${functionName} returned a list whose item ${i} is not {name, value}`);
      }
      const { name, value } = entry;
      return { name, value: toNumber2(value, `${functionName} (${name})`) };
    });
  }
  if (typeof result === "object") {
    return Object.entries(result).map(([name, value]) => ({
      name,
      value: toNumber2(value, `${functionName} (${name})`)
    }));
  }
  throw new Error(`${functionName} returned ${typeof result}; expected a number, a record or a list of {name, value}`);
}

// src/suites/conversations/rubrics.ts
var import_yaml3 = __toESM(require_dist(), 1);
function parseRubricFile(text, file) {
  const lineCounter = new import_yaml3.LineCounter();
  const doc = (0, import_yaml3.parseDocument)(text, { lineCounter, uniqueKeys: true });
  const problems = doc.errors.map((error) => ({
    file,
    line: error.linePos?.[0].line,
    message: `YAML: ${error.message.split("\n")[0]}`
  }));
  const rubrics = /* @__PURE__ */ new Map();
  if (problems.length > 0) return { rubrics, problems };
  if (!(0, import_yaml3.isMap)(doc.contents)) {
    problems.push({ file, line: 1, message: "expected a map of rubric name \u2192 {prompt, choice_scores}" });
    return { rubrics, problems };
  }
  for (const pair of doc.contents.items) {
    const key = (0, import_yaml3.isScalar)(pair.key) ? String(pair.key.value) : String(pair.key);
    const line2 = lineCounter.linePos(pair.key?.range?.[0] ?? 0).line;
    const value = pair.value && typeof pair.value.toJSON === "function" ? pair.value.toJSON() : null;
    const where = (field, message) => problems.push({ file, line: line2, field: `${key}.${field}`, message });
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ file, line: line2, field: key, message: "expected {prompt, choice_scores}" });
      continue;
    }
    const entry = value;
    if (typeof entry["prompt"] !== "string" || !entry["prompt"].trim()) {
      where("prompt", "expected the rubric's prompt text");
      continue;
    }
    const scores = entry["choice_scores"];
    if (typeof scores !== "object" || scores === null || Array.isArray(scores) || Object.keys(scores).length === 0) {
      where("choice_scores", 'expected choice \u2192 score, e.g. {"YES": 1, "NO": 0}');
      continue;
    }
    const choiceScores = [];
    for (const [choice, score] of Object.entries(scores)) {
      if (typeof score !== "number" || !Number.isFinite(score))
        where(`choice_scores.${choice}`, `expected a number, got ${JSON.stringify(score)}`);
      else choiceScores.push([choice, score]);
    }
    const problem = placeholderProblem(entry["prompt"]);
    if (problem) where("prompt", problem);
    rubrics.set(key, {
      name: typeof entry["name"] === "string" ? entry["name"] : key,
      prompt: entry["prompt"],
      choiceScores,
      ...typeof entry["notes"] === "string" ? { notes: entry["notes"] } : {},
      file,
      line: line2
    });
  }
  return { rubrics, problems };
}
function usesPlaceholder(prompt, name) {
  return prompt.includes(`{${name}}`);
}
function placeholderProblem(prompt) {
  if (usesPlaceholder(prompt, "conversation") && usesPlaceholder(prompt, "context")) {
    return "uses both {conversation} and {context}; FlexEval allows one of them ({conversation} already contains the context)";
  }
  if (usesPlaceholder(prompt, "content") && usesPlaceholder(prompt, "completion")) {
    return "uses both {content} and {completion}; FlexEval allows one of them (the completion is the content in completion mode)";
  }
  return null;
}
function fillPrompt(prompt, values2) {
  return prompt.replace(
    /\{\{|\}\}|\{(conversation|context|content|completion|tool_calls)\}/g,
    (match, name) => name ? values2[name] : match[0]
  );
}
var COT_PREAMBLE = "\nBefore answering, I will reason in a step-by-step manner as to get the right answer, then conclude with the answer in the format requested.";
function answerInstruction(choices) {
  const list2 = `[${choices.map((c) => `'${c}'`).join(", ")}]`;
  return `"
    First, write out in a step by step manner your reasoning to be sure that your conclusion is correct. Avoid simply stating the correct answer at the outset. Then print only a single choice from ${list2} (without quotes or punctuation) on its own line corresponding to the correct answer. At the end, repeat just the answer by itself on a new line.

    Reasoning:`;
}
function graderMessages(filledPrompt, rubric) {
  return [
    { role: "system", content: "You are a helpful assistant." },
    { role: "assistant", content: COT_PREAMBLE },
    { role: "user", content: filledPrompt + answerInstruction(rubric.choiceScores.map(([choice]) => choice)) },
    { role: "assistant", content: COT_PREAMBLE }
  ];
}
var PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
function parseGrade(text, choiceScores) {
  const lines = text.trim().split("\n").reverse();
  for (const raw of lines) {
    const line2 = raw.trim().replace(PUNCTUATION, "").replace(/\s+/g, " ").trim();
    if (!line2) continue;
    const matched = choiceScores.filter(([choice]) => {
      const key = choice.replace(PUNCTUATION, "").trim();
      return key !== "" && (line2 === key || line2.startsWith(`${key} `) || line2.endsWith(` ${key}`));
    });
    const distinct = [...new Set(matched.map(([choice]) => choice))];
    if (distinct.length > 1)
      return { ok: false, reason: `ambiguous: the line "${raw.trim().slice(0, 80)}" names ${distinct.join(" and ")}` };
    if (distinct.length === 1) {
      const [choice, score] = matched[0];
      return { ok: true, choice, score };
    }
  }
  return { ok: false, reason: `no line starts or ends with one of ${choiceScores.map(([c]) => c).join(", ")}` };
}
function normalizeChoiceScore(score, choiceScores) {
  const values2 = choiceScores.map(([, s]) => s);
  const min = Math.min(...values2);
  const max = Math.max(...values2);
  return max === min ? score : (score - min) / (max - min);
}

// src/suites/conversations/thread.ts
var LEVELS = ["Thread", "Turn", "Message", "ToolCall"];
var LEVEL_RANK = { Thread: 0, Turn: 1, Message: 2, ToolCall: 3 };
var MACHINE_ROLES = /* @__PURE__ */ new Set(["assistant", "ai", "tool"]);
function isMachineRole(role) {
  return MACHINE_ROLES.has(role);
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function contentText(content) {
  if (content === null || content === void 0) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => isRecord(part) && typeof part["text"] === "string" ? part["text"] : "").join("");
  }
  return null;
}
function parseThreadLine(text, file, line2) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [{ file, line: line2, field: "line", message: `not valid JSON (${error.message})` }] };
  }
  if (!isRecord(value))
    return { problems: [{ file, line: line2, field: "line", message: 'expected a JSON object with an "input" list of messages' }] };
  const input = value["input"];
  if (!Array.isArray(input)) {
    return { problems: [{ file, line: line2, field: "input", message: 'expected "input": a list of {role, content} messages' }] };
  }
  const problems = [];
  const { input: _input, ...metadata } = value;
  let systemPrompt = null;
  const messages = [];
  input.forEach((entry, i) => {
    const field = `input[${i}]`;
    if (!isRecord(entry)) {
      problems.push({ file, line: line2, field, message: "expected a message object {role, content}" });
      return;
    }
    const role = entry["role"];
    if (typeof role !== "string" || !role) {
      problems.push({ file, line: line2, field: `${field}.role`, message: "expected a role such as user, assistant, tool or system" });
      return;
    }
    const content = contentText(entry["content"]);
    if (content === null) {
      problems.push({ file, line: line2, field: `${field}.content`, message: "expected text (or a list of text parts)" });
      return;
    }
    if (role === "system") {
      systemPrompt ??= content;
      return;
    }
    const { role: _role, content: _content, tool_calls: rawCalls, tool_call_id: toolCallId, ...rest } = entry;
    const toolCalls = [];
    if (rawCalls !== void 0) {
      if (!Array.isArray(rawCalls)) {
        problems.push({ file, line: line2, field: `${field}.tool_calls`, message: "expected a list of tool calls" });
        return;
      }
      rawCalls.forEach((call, j) => {
        const callField = `${field}.tool_calls[${j}]`;
        const fn = isRecord(call) ? call["function"] : void 0;
        const name = isRecord(fn) ? fn["name"] : void 0;
        if (!isRecord(fn) || typeof name !== "string") {
          problems.push({ file, line: line2, field: `${callField}.function.name`, message: "expected {id, function: {name, arguments}}" });
          return;
        }
        const rawArgs = fn["arguments"];
        let args = {};
        let argsText = "{}";
        if (typeof rawArgs === "string") {
          argsText = rawArgs;
          try {
            const parsed = rawArgs.trim() ? JSON.parse(rawArgs) : {};
            if (isRecord(parsed)) args = parsed;
          } catch {
            problems.push({ file, line: line2, field: `${callField}.function.arguments`, message: "arguments are not valid JSON" });
          }
        } else if (isRecord(rawArgs)) {
          args = rawArgs;
          argsText = JSON.stringify(rawArgs);
        }
        const id = isRecord(call) && typeof call["id"] === "string" ? call["id"] : `call_${i}_${j}`;
        toolCalls.push({ id, name, args: argsText, arguments: args });
      });
    }
    messages.push({
      role,
      content,
      toolCalls,
      ...typeof toolCallId === "string" ? { toolCallId } : {},
      metadata: rest
    });
  });
  if (problems.length > 0) return { problems };
  return { thread: { systemPrompt, metadata, messages } };
}
function buildThread(raw) {
  const messages = [];
  const turns = [];
  const toolCalls = [];
  let previousMachine = null;
  for (const [index, message] of raw.messages.entries()) {
    const machine = isMachineRole(message.role);
    if (previousMachine === null || machine !== previousMachine) {
      turns.push({ level: "Turn", index: turns.length, role: message.role, messages: [], toolCalls: [], content: "", isLast: false });
    }
    previousMachine = machine;
    const turn = turns[turns.length - 1];
    const object2 = {
      level: "Message",
      index,
      turnIndex: turn.index,
      role: message.role,
      content: message.content,
      toolCalls: [],
      metadata: message.metadata,
      isCompletion: message.isCompletion ?? false
    };
    for (const call of message.toolCalls) {
      const toolCall = {
        level: "ToolCall",
        index: toolCalls.length,
        id: call.id,
        name: call.name,
        args: call.args,
        arguments: call.arguments,
        response: null,
        messageIndex: index,
        turnIndex: turn.index,
        role: message.role
      };
      object2.toolCalls.push(toolCall);
      turn.toolCalls.push(toolCall);
      toolCalls.push(toolCall);
    }
    if (message.toolCallId !== void 0) {
      const answered = toolCalls.find((call) => call.id === message.toolCallId);
      if (answered) answered.response = message.content;
    }
    turn.messages.push(object2);
    turn.role = message.role;
    messages.push(object2);
  }
  for (const turn of turns) turn.content = turn.messages.map((m) => m.content).join("\n");
  if (turns.length > 0) turns[turns.length - 1].isLast = true;
  return {
    level: "Thread",
    index: 0,
    role: "thread",
    systemPrompt: raw.systemPrompt,
    metadata: raw.metadata,
    messages,
    turns,
    toolCalls,
    content: messages.map((m) => m.content).join("\n")
  };
}
function objectsAt(thread, level) {
  switch (level) {
    case "Thread":
      return [thread];
    case "Turn":
      return thread.turns;
    case "Message":
      return thread.messages;
    case "ToolCall":
      return thread.toolCalls;
  }
}
function containerAt(thread, object2, level) {
  if (level === object2.level) return object2;
  if (level === "Thread") return thread;
  if (level === "Turn") {
    if (object2.level === "Message" || object2.level === "ToolCall") return thread.turns[object2.turnIndex];
  }
  if (level === "Message" && object2.level === "ToolCall") return thread.messages[object2.messageIndex];
  throw new Error(`a ${object2.level} is not inside a ${level}`);
}
function promptForCompletion(raw) {
  let end = raw.messages.length;
  while (end > 0 && isMachineRole(raw.messages[end - 1].role)) end--;
  return raw.messages.slice(0, end);
}

// src/suites/conversations/plan.ts
var RUBRIC_LEVELS = ["Thread", "Turn", "Message"];
function sameKwargs(a, b) {
  return a === void 0 || JSON.stringify(a) === JSON.stringify(b);
}
function planMetrics(items, sources2) {
  const problems = [];
  const all = [
    ...items.function.map((item, i) => ({ item, type: "function", i })),
    ...items.rubric.map((item, i) => ({ item, type: "rubric", i }))
  ];
  const problem = (type, i, rest, message) => {
    const offset = sources2.evalsWhere?.offset[type];
    const fromEvals = offset !== void 0 && i >= offset;
    const where = fromEvals ? sources2.evalsWhere.place : sources2.where;
    const fieldPath = [...where.path, type, fromEvals ? i - offset : i, ...rest];
    const line2 = where.lineOf?.(fieldPath) ?? where.lineOf?.(fieldPath.slice(0, -1)) ?? where.line;
    const field = fieldPath.map((part, k) => typeof part === "number" ? `[${part}]` : `${k ? "." : ""}${part}`).join("");
    problems.push({ file: where.file, ...line2 ? { line: line2 } : {}, field, message });
  };
  const metrics = [];
  const entries = [];
  for (const { item, type, i } of all) {
    const planned = {
      id: metrics.length,
      type,
      evaluation: item.name,
      level: item.level,
      kwargs: item.kwargs,
      dependsOn: [],
      gate: item.gate
    };
    if (type === "function") {
      const spec = sources2.functions.get(item.name);
      if (!spec) {
        problem(
          type,
          i,
          ["name"],
          `unknown function metric "${item.name}" (built in: ${Object.keys(BUILTIN_FUNCTIONS).join(", ")}; or export it from a functions: module)`
        );
        continue;
      }
      if (!spec.levels.includes(item.level))
        problem(type, i, ["level"], `${item.name} works at level ${spec.levels.join(", ")}, not ${item.level}`);
      for (const key of spec.requires ?? []) if (!(key in item.kwargs)) problem(type, i, ["kwargs"], `${item.name} needs kwargs.${key}`);
      planned.function = spec;
    } else {
      const rubric = sources2.rubrics.get(item.name);
      if (!rubric) {
        const known = [...sources2.rubrics.keys()];
        problem(type, i, ["name"], `unknown rubric "${item.name}" (rubrics files define: ${known.join(", ") || "none"})`);
        continue;
      }
      if (!RUBRIC_LEVELS.includes(item.level)) problem(type, i, ["level"], `rubrics grade a Thread, Turn or Message, not a ${item.level}`);
      if (usesPlaceholder(rubric.prompt, "completion") && sources2.mode !== "completion") {
        problems.push({
          file: rubric.file,
          line: rubric.line,
          field: `${item.name}.prompt`,
          message: "uses {completion}, which exists only in completion mode (mode: completion with a target); FlexEval requires do_completion for it"
        });
      }
      planned.rubric = rubric;
    }
    metrics.push(planned);
    entries.push({ item, type, i });
  }
  for (const planned of metrics) {
    const entry = entries[planned.id];
    entry.item["depends-on"].forEach((dep, j) => {
      const candidates = metrics.filter(
        (m) => m !== planned && m.evaluation === dep.name && (!dep.type || m.type === dep.type) && sameKwargs(dep.kwargs, m.kwargs) && (!dep.level || m.level === dep.level)
      );
      if (candidates.length === 0) {
        problem(
          entry.type,
          entry.i,
          ["depends-on", j, "name"],
          `depends on "${dep.name}", which is not one of this suite's metrics (with those type, kwargs and level)`
        );
        return;
      }
      const parent = candidates[0];
      if (LEVEL_RANK[parent.level] > LEVEL_RANK[planned.level]) {
        problem(
          entry.type,
          entry.i,
          ["depends-on", j, "name"],
          `a ${planned.level} metric can depend on its own or a coarser level, not on a ${parent.level} metric`
        );
        return;
      }
      planned.dependsOn.push({
        parent: parent.id,
        metricName: dep["metric-name"] ?? dep.name,
        level: parent.level,
        relativePosition: dep["relative-position"],
        min: dep.min,
        max: dep.max
      });
    });
  }
  if (problems.length > 0) return { metrics: [], problems };
  const ordered = [];
  const state = /* @__PURE__ */ new Map();
  const visit2 = (m) => {
    if (state.get(m.id) === "done") return true;
    if (state.get(m.id) === "visiting") return false;
    state.set(m.id, "visiting");
    for (const dep of m.dependsOn) if (!visit2(metrics[dep.parent])) return false;
    state.set(m.id, "done");
    ordered.push(m);
    return true;
  };
  for (const m of metrics) {
    if (!visit2(m)) {
      problems.push({
        file: sources2.where.file,
        field: sources2.where.path.join("."),
        message: `metric "${m.evaluation}" is part of a depends-on cycle`
      });
      return { metrics: [], problems };
    }
  }
  return { metrics: ordered, problems };
}

// src/suites/conversations/load.ts
var list = (value) => value === void 0 ? [] : Array.isArray(value) ? value : [value];
function display(rootDir, absolute) {
  return path4.relative(rootDir, absolute).split(path4.sep).join("/") || absolute;
}
async function resolveDataset(pattern, configDir) {
  const absolute = path4.resolve(configDir, pattern);
  const base = path4.basename(absolute);
  if (!/[*?]/.test(base)) return [absolute];
  const dir = path4.dirname(absolute);
  const names = await readdir(dir);
  return names.filter((name) => matchGlob(base, name)).sort().map((name) => path4.join(dir, name));
}
async function readText(absolute, place, what) {
  try {
    return await readFile3(absolute, "utf8");
  } catch (error) {
    const reason = error.code === "ENOENT" ? "does not exist" : `cannot be read (${error.message})`;
    throw new ConfigError([{ ...place, message: `${what} ${absolute} ${reason}` }]);
  }
}
async function loadFunctionModule(absolute, place) {
  let module;
  try {
    module = await import(pathToFileURL(absolute).href);
  } catch (error) {
    const code = error.code;
    const reason = code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(absolute) ? "does not exist" : `cannot be loaded: ${error.message}`;
    throw new ConfigError([{ ...place, message: `custom metric module ${absolute} ${reason}` }]);
  }
  const specs = /* @__PURE__ */ new Map();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== "function") continue;
    const declared = value.levels;
    const levels = Array.isArray(declared) ? declared.filter((l) => LEVELS.includes(l)) : [...LEVELS];
    specs.set(name, { levels, fn: value });
  }
  return specs;
}
function shortHash(text) {
  return createHash("sha1").update(text).digest("hex").slice(0, 8);
}
async function loadConversationsSuite(ctx) {
  const { options, suiteName } = ctx;
  const configFile = ctx.configFile ?? "evalgate.yml";
  const field = (...names) => {
    const line2 = ctx.lineOf?.(["suites", suiteName, ...names]);
    return { file: configFile, ...line2 ? { line: line2 } : {}, field: `suites.${suiteName}.${names.join(".")}` };
  };
  const warnings = [];
  const rubrics = /* @__PURE__ */ new Map();
  const problems = [];
  for (const rubricPath of list(options.rubrics)) {
    const absolute = path4.resolve(ctx.configDir, rubricPath);
    const file = display(ctx.rootDir, absolute);
    const parsed = parseRubricFile(await readText(absolute, field("rubrics"), "the rubrics file"), file);
    problems.push(...parsed.problems);
    for (const [name, rubric] of parsed.rubrics) {
      if (rubrics.has(name)) warnings.push(`${file}:${rubric.line}: rubric "${name}" is defined again; the first definition is used`);
      else rubrics.set(name, rubric);
    }
  }
  const functions = new Map(Object.entries(BUILTIN_FUNCTIONS));
  for (const modulePath of list(options.functions)) {
    for (const [name, spec] of await loadFunctionModule(path4.resolve(ctx.configDir, modulePath), field("functions"))) {
      functions.set(name, spec);
    }
  }
  const items = {
    function: [...options.metrics.function],
    rubric: [...options.metrics.rubric]
  };
  const sourcesBase = { functions, rubrics, mode: options.mode };
  let planned = [];
  let evalsWhere;
  if (options.flexeval) {
    const absolute = path4.resolve(ctx.configDir, options.flexeval.evals);
    const file = display(ctx.rootDir, absolute);
    const read = readFlexEvalEval(await readText(absolute, field("flexeval", "evals"), "the evals file"), file, options.flexeval.eval);
    problems.push(...read.problems);
    if (read.eval) {
      if (read.eval.doCompletion && options.mode !== "completion")
        warnings.push(
          `${file}: eval "${options.flexeval.eval}" sets do_completion; set mode: completion and a target to ask for completions`
        );
      evalsWhere = {
        place: { file, ...read.eval.line ? { line: read.eval.line } : {}, path: [options.flexeval.eval, "metrics"] },
        offset: { function: items.function.length, rubric: items.rubric.length }
      };
      items.function.push(...read.eval.function);
      items.rubric.push(...read.eval.rubric);
    }
  }
  if (problems.length === 0) {
    const plan2 = planMetrics(items, {
      ...sourcesBase,
      ...evalsWhere ? { evalsWhere } : {},
      where: { file: configFile, path: ["suites", suiteName, "metrics"], ...ctx.lineOf ? { lineOf: ctx.lineOf } : {} }
    });
    problems.push(...plan2.problems);
    planned = plan2.metrics;
  }
  if (problems.length === 0 && planned.some((m) => m.type === "rubric") && !options.grader) {
    problems.push({ ...field("grader"), message: "rubric metrics need a grader: the model that grades them" });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const plan = { mode: options.mode, metrics: planned };
  const cases = [];
  const seen = /* @__PURE__ */ new Map();
  for (const pattern of list(options.dataset)) {
    const files = await resolveDataset(pattern, ctx.configDir).catch((error) => {
      throw new ConfigError([{ ...field("dataset"), message: `cannot list ${pattern}: ${error.message}` }]);
    });
    if (files.length === 0) throw new ConfigError([{ ...field("dataset"), message: `no file matches ${pattern}` }]);
    for (const absolute of files) {
      const file = display(ctx.rootDir, absolute);
      const text = await readText(absolute, field("dataset"), "the dataset");
      const lines = text.split(/\r?\n/);
      for (const [i, lineText] of lines.entries()) {
        if (!lineText.trim()) continue;
        const parsed = parseThreadLine(lineText, file, i + 1);
        if ("problems" in parsed) {
          problems.push(...parsed.problems);
          continue;
        }
        const hash = shortHash(lineText);
        const count = (seen.get(`${file}/${hash}`) ?? 0) + 1;
        seen.set(`${file}/${hash}`, count);
        const firstUser = parsed.thread.messages.find((m) => m.role === "user")?.content ?? parsed.thread.messages[0]?.content ?? "";
        cases.push({
          id: `${path4.basename(file)}/${hash}${count > 1 ? `-${count}` : ""}`,
          title: `${path4.basename(file)}:${i + 1} ${firstUser.replace(/\s+/g, " ").slice(0, 60)}`.trim(),
          source: { file, line: i + 1 },
          position: cases.length + 1,
          input: { thread: parsed.thread, file, line: i + 1, plan }
        });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (cases.length === 0) warnings.push(`${list(options.dataset).join(", ")}: no conversations`);
  return { cases, warnings };
}

// src/suites/conversations/evaluate.ts
var line = (m) => `${m.role}: ${m.content}
`;
function toolCallText(calls) {
  return calls.map((tc) => `
Function name: ${tc.name}
Input arguments: ${tc.args}
Function output: ${tc.response ?? ""}
`).join("");
}
function rubricValues(object2, thread) {
  let context;
  let content;
  if (object2.level === "Thread") {
    context = thread.messages.slice(0, -1).map(line).join("");
    const last = thread.messages[thread.messages.length - 1];
    content = last ? line(last) : "";
  } else if (object2.level === "Turn") {
    const first = object2.messages[0]?.index ?? 0;
    context = thread.messages.slice(0, first).filter((m) => m.content.length > 0).map(line).join("");
    content = object2.messages.filter((m) => m.content.length > 0).map(line).join("");
  } else if (object2.level === "Message") {
    context = thread.messages.slice(0, object2.index).map(line).join("");
    content = object2.content;
  } else {
    context = thread.messages.slice(0, object2.messageIndex + 1).map(line).join("");
    content = object2.response ?? "";
  }
  const calls = object2.level === "ToolCall" ? [object2] : object2.toolCalls;
  return { conversation: context + content, context, content, completion: content, tool_calls: toolCallText(calls) };
}
function holdsCompletion(object2, thread) {
  switch (object2.level) {
    case "Thread":
      return true;
    case "Turn":
      return object2.messages.some((m) => m.isCompletion);
    case "Message":
      return object2.isCompletion;
    case "ToolCall":
      return thread.messages[object2.messageIndex]?.isCompletion ?? false;
  }
}
var indexKey = (metricId, level, object2) => `${metricId}|${level}|${object2}`;
function dependenciesMet(metric3, object2, thread, values2) {
  for (const dep of metric3.dependsOn) {
    const container = containerAt(thread, object2, dep.level);
    const target = container.index + dep.relativePosition;
    if (target < 0) return false;
    const value = values2.get(indexKey(dep.parent, dep.level, target))?.get(dep.metricName);
    if (value === null || value === void 0 || value < dep.min || value > dep.max) return false;
  }
  return true;
}
async function grade(metric3, object2, thread, base, ctx) {
  const rubric = metric3.rubric;
  const prompt = fillPrompt(rubric.prompt, rubricValues(object2, thread));
  const row = { ...base, metric: metric3.evaluation, value: null, normalized: null };
  if (!ctx.grader) throw new Error("rubric metrics need a grader");
  try {
    const response = await ctx.grader.chat({ messages: graderMessages(prompt, rubric), purpose: "grader", sample: 0 }, ctx.signal);
    const parsed = parseGrade(response.text, rubric.choiceScores);
    row.rubric = {
      prompt,
      completion: response.text,
      model: response.model,
      score: parsed.ok ? parsed.choice : "__invalid__",
      ...parsed.ok ? {} : { invalidReason: parsed.reason },
      promptTokens: response.usage?.inputTokens ?? null,
      completionTokens: response.usage?.outputTokens ?? null,
      costUsd: response.costUsd
    };
    if (parsed.ok) {
      row.value = parsed.score;
      row.normalized = normalizeChoiceScore(parsed.score, rubric.choiceScores);
    }
    return { row, requests: response.cached ? 0 : 1, cost: response.costUsd };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    row.error = { kind: "endpoint", message: redact(error.message) };
    row.rubric = {
      prompt,
      completion: null,
      model: ctx.grader.name,
      score: "__invalid__",
      promptTokens: null,
      completionTokens: null,
      costUsd: null
    };
    return { row, requests: 1, cost: null };
  }
}
async function compute(metric3, object2, thread, values2, ctx) {
  const role = object2.level === "Thread" ? "thread" : object2.role;
  const base = { evaluation: metric3.evaluation, type: metric3.type, level: metric3.level, object: object2.index, role, kwargs: metric3.kwargs };
  if (!dependenciesMet(metric3, object2, thread, values2)) {
    return {
      rows: [{ ...base, metric: metric3.evaluation, value: null, normalized: null, skipped: true }],
      requests: 0,
      cost: 0
    };
  }
  if (metric3.type === "rubric") {
    const graded = await grade(metric3, object2, thread, base, ctx);
    values2.set(indexKey(metric3.id, metric3.level, object2.index), /* @__PURE__ */ new Map([[metric3.evaluation, graded.row.value]]));
    return { rows: [graded.row], requests: graded.requests, cost: graded.cost };
  }
  try {
    const result = await metric3.function.fn(object2, metric3.kwargs, thread);
    const named = readMetricReturn(metric3.evaluation, result);
    values2.set(indexKey(metric3.id, metric3.level, object2.index), new Map(named.map((v) => [v.name, v.value])));
    return { rows: named.map((v) => ({ ...base, metric: v.name, value: v.value, normalized: v.value })), requests: 0, cost: 0 };
  } catch (error) {
    const message = redact(error instanceof Error ? error.message : String(error));
    return {
      rows: [{ ...base, metric: metric3.evaluation, value: null, normalized: null, error: { kind: "metric", message } }],
      requests: 0,
      cost: 0
    };
  }
}
async function evaluateThread(thread, metrics, ctx) {
  const values2 = /* @__PURE__ */ new Map();
  const rows = [];
  let requests = 0;
  let cost = 0;
  for (const metric3 of metrics) {
    const objects = objectsAt(thread, metric3.level).filter(
      (object2) => !ctx.completionOnly || metric3.type === "function" || holdsCompletion(object2, thread)
    );
    const results = await Promise.all(objects.map((object2) => compute(metric3, object2, thread, values2, ctx)));
    for (const [i, result] of results.entries()) {
      if (ctx.completionOnly && !holdsCompletion(objects[i], thread)) continue;
      rows.push(...result.rows);
      requests += result.requests;
      cost = cost === null || result.cost === null ? null : cost + result.cost;
    }
  }
  return { rows, requests, costUsd: cost };
}

// src/suites/conversations/run.ts
function toChatRole(role) {
  return role === "assistant" || role === "ai" ? "assistant" : role === "tool" ? "tool" : role === "system" ? "system" : "user";
}
function describe(thread, input, rows) {
  return {
    file: input.file,
    line: input.line,
    systemPrompt: thread.systemPrompt,
    metadata: thread.metadata,
    messages: thread.messages.map((m) => ({
      index: m.index,
      turn: m.turnIndex,
      role: m.role,
      content: m.content,
      metadata: m.metadata,
      ...m.isCompletion ? { isCompletion: true } : {}
    })),
    turns: thread.turns.map((t) => ({ index: t.index, role: t.role })),
    toolCalls: thread.toolCalls.map((c) => ({
      index: c.index,
      message: c.messageIndex,
      turn: c.turnIndex,
      id: c.id,
      name: c.name,
      args: c.args,
      response: c.response
    })),
    rows
  };
}
async function runConversationCase(testCase, ctx) {
  const { input } = testCase;
  const { options } = ctx;
  let raw = input.thread;
  let requests = 0;
  let costUsd = 0;
  let completion;
  if (input.plan.mode === "completion") {
    const prompt = promptForCompletion(raw);
    const messages = [
      ...raw.systemPrompt !== null ? [{ role: "system", content: raw.systemPrompt }] : [],
      ...prompt.map((m) => ({ role: toChatRole(m.role), content: m.content }))
    ];
    const target = options.target;
    try {
      const response = await ctx.models.chat(target).chat(
        {
          messages,
          purpose: "target",
          sample: ctx.repeat,
          // For templated HTTP targets: the student's last words and the conversation so far.
          vars: {
            prompt: prompt.filter((m) => m.role === "user").at(-1)?.content ?? "",
            messages: messages.map((m) => ({ role: m.role, content: m.content }))
          }
        },
        ctx.signal
      );
      requests += response.cached ? 0 : 1;
      costUsd = response.costUsd;
      completion = { model: response.model, latencyMs: response.latencyMs };
      raw = {
        ...raw,
        messages: [
          ...prompt,
          {
            role: "assistant",
            content: response.text,
            toolCalls: response.toolCalls.map((c) => ({
              id: c.id,
              name: c.name,
              args: JSON.stringify(c.arguments),
              arguments: c.arguments
            })),
            metadata: {
              ...response.usage ? { prompt_tokens: response.usage.inputTokens, completion_tokens: response.usage.outputTokens } : {}
            },
            isCompletion: true
          }
        ]
      };
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      const message = redact(error.message);
      return {
        status: "error",
        error: { kind: "endpoint", message: `completion from ${target}: ${message}` },
        metrics: {},
        costUsd: null,
        requests: 1,
        details: {
          ...describe(buildThread({ ...raw, messages: prompt }), input, []),
          completion: { model: target, latencyMs: 0, error: message }
        }
      };
    }
  }
  const thread = buildThread(raw);
  const grader = options.grader ? ctx.models.chat(options.grader) : null;
  const outcome = await evaluateThread(thread, input.plan.metrics, {
    grader,
    signal: ctx.signal,
    completionOnly: input.plan.mode === "completion"
  });
  requests += outcome.requests;
  costUsd = costUsd === null || outcome.costUsd === null ? null : costUsd + outcome.costUsd;
  const details = { ...describe(thread, input, outcome.rows), ...completion ? { completion } : {} };
  const unreachable = outcome.rows.filter((row) => row.error?.kind === "endpoint");
  const metrics = summarizeRows(outcome.rows, options);
  if (unreachable.length > 0) {
    return {
      status: "error",
      error: { kind: "endpoint", message: `${unreachable.length} grade(s) failed: ${unreachable[0].error.message}` },
      metrics,
      costUsd,
      requests,
      details
    };
  }
  return { status: "scored", metrics, costUsd, requests, details };
}

// src/suites/conversations/index.ts
var conversationsSuite = {
  kind: "conversations",
  load: loadConversationsSuite,
  modelsUsed: (options) => [
    ...options.mode === "completion" && options.target ? [options.target] : [],
    ...options.grader ? [options.grader] : []
  ],
  runCase: runConversationCase,
  aggregate: aggregateConversations
};

// src/util/json-numbers.ts
var sources = /* @__PURE__ */ new WeakMap();
function parseJsonKeepingNumbers(text) {
  return JSON.parse(text, function keepSource(key, value, context) {
    if (typeof value === "number" && context?.source !== void 0 && losesSourceText(value, context.source)) {
      let held = sources.get(this);
      if (!held) {
        held = /* @__PURE__ */ new Map();
        sources.set(this, held);
      }
      held.set(key, context.source);
    }
    return value;
  });
}
function numberSource(holder, key) {
  if (typeof holder !== "object" || holder === null) return void 0;
  return sources.get(holder)?.get(String(key));
}
function losesSourceText(value, source) {
  if (isIntegerLiteral(source)) return !Number.isSafeInteger(value) || Object.is(value, -0);
  return Number.isInteger(value) || !Number.isFinite(value);
}
function isIntegerLiteral(source) {
  return /^-?\d+$/.test(source);
}
var rawJSON = JSON.rawJSON;
function stringifyKeepingNumbers(value) {
  return JSON.stringify(value, function writeSource(key, item) {
    const source = typeof item === "number" ? numberSource(this, key) : void 0;
    return source === void 0 ? item : rawJSON(source);
  });
}

// src/suites/function-calls/assignment.ts
function maxWeightAssignment(weights) {
  const rows = weights.length;
  const columns = rows === 0 ? 0 : weights[0].length;
  if (rows === 0 || columns === 0) return [];
  if (rows > columns) {
    const transposed = Array.from({ length: columns }, (_, j) => weights.map((row) => row[j]));
    return maxWeightAssignment(transposed).map(([j, i]) => [i, j]).sort((x, y) => x[0] - y[0]);
  }
  const top = Math.max(...weights.flat());
  const cost = (i, j) => top - weights[i - 1][j - 1];
  const u = new Array(rows + 1).fill(0);
  const v = new Array(columns + 1).fill(0);
  const rowOf = new Array(columns + 1).fill(0);
  const way = new Array(columns + 1).fill(0);
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i;
    let j0 = 0;
    const minv = new Array(columns + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array(columns + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = rowOf[j0];
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j]] = u[rowOf[j]] + delta;
          v[j] = v[j] - delta;
        } else minv[j] = minv[j] - delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0];
      rowOf[j0] = rowOf[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const pairs = [];
  for (let j = 1; j <= columns; j++) if (rowOf[j] > 0) pairs.push([rowOf[j] - 1, j - 1]);
  return pairs.sort((x, y) => x[0] - y[0]);
}

// src/util/python-format.ts
function pythonFloatRepr(value) {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const sign = value < 0 ? "-" : "";
  const digits = mantissa.replace(/^-/, "").replace(".", "");
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
}
function pythonFixed(value, digits) {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString() + (digits > 0 ? `.${"0".repeat(digits)}` : "");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  let text = magnitude.toFixed(digits);
  const exact = magnitude.toFixed(100);
  const point = exact.indexOf(".");
  const rest = exact.slice(point + 1 + digits);
  if (/^50*$/.test(rest)) {
    const truncated = digits === 0 ? exact.slice(0, point) : exact.slice(0, point + 1 + digits);
    if (Number(truncated.at(-1)) % 2 === 0) text = truncated;
  }
  return `${sign}${text}`;
}
var PyFloat = class {
  value;
  constructor(value) {
    this.value = value;
  }
};
function pythonJsonDumps(value, indent = 4) {
  const write = (item, depth) => {
    if (item === null || item === void 0) return "null";
    if (item === true) return "true";
    if (item === false) return "false";
    if (item instanceof PyFloat) return jsonFloat(item.value);
    if (typeof item === "number") return Number.isInteger(item) && Math.abs(item) < 1e21 ? BigInt(item).toString() : jsonFloat(item);
    if (typeof item === "string") return pythonJsonString(item);
    const pad = " ".repeat(indent * (depth + 1));
    const close = " ".repeat(indent * depth);
    if (Array.isArray(item)) {
      if (item.length === 0) return "[]";
      return `[
${item.map((entry) => pad + write(entry, depth + 1)).join(",\n")}
${close}]`;
    }
    const entries = Object.entries(item);
    if (entries.length === 0) return "{}";
    return `{
${entries.map(([key, entry]) => `${pad}${pythonJsonString(key)}: ${write(entry, depth + 1)}`).join(",\n")}
${close}}`;
  };
  return write(value, 0);
}
function jsonFloat(value) {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return pythonFloatRepr(value);
}
var SHORT_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" };
function pythonJsonString(text) {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (code < 32 || code > 126) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}
function pandasCsv(rows) {
  const cell = (value) => /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return rows.map((row) => `${row.map(cell).join(",")}
`).join("");
}

// src/suites/function-calls/sequence-matcher.ts
function sequenceRatio(a, b, options = {}) {
  const left = Array.from(a);
  const right = Array.from(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  const matches = matchingBlocks(left, right, options.autojunk ?? true).reduce((sum2, block) => sum2 + block.size, 0);
  return 2 * matches / total;
}
function indexSecond(b, autojunk) {
  const b2j = /* @__PURE__ */ new Map();
  b.forEach((element, index) => {
    const positions = b2j.get(element);
    if (positions) positions.push(index);
    else b2j.set(element, [index]);
  });
  if (autojunk && b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [element, positions] of [...b2j]) if (positions.length > limit) b2j.delete(element);
  }
  return b2j;
}
function matchingBlocks(a, b, autojunk) {
  const b2j = indexSecond(b, autojunk);
  const blocks = [];
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const block = longestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (block.size === 0) continue;
    blocks.push(block);
    if (alo < block.i && blo < block.j) queue.push([alo, block.i, blo, block.j]);
    if (block.i + block.size < ahi && block.j + block.size < bhi) queue.push([block.i + block.size, ahi, block.j + block.size, bhi]);
  }
  return blocks;
}
function longestMatch(a, b, b2j, alo, ahi, blo, bhi) {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = /* @__PURE__ */ new Map();
  for (let i = alo; i < ahi; i++) {
    const next = /* @__PURE__ */ new Map();
    for (const j of b2j.get(a[i]) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return { i: besti, j: bestj, size: bestsize };
}
var PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
var NOT_ALNUM_OR_SPACE = new RegExp(`[^a-zA-Z0-9${PY_SPACE}]`, "gu");
var SPACE_RUNS = new RegExp(`[${PY_SPACE}]+`, "gu");
function normalizeText(text) {
  return text.toLowerCase().replace(NOT_ALNUM_OR_SPACE, "").replace(SPACE_RUNS, " ").replace(/^ | $/g, "");
}
function isSimilar(actual, expected, threshold = 0.95) {
  return sequenceRatio(normalizeText(actual), normalizeText(expected)) >= threshold;
}
function pythonStr(value, source) {
  return typeof value === "string" ? value : pythonRepr(value, source);
}
function pythonRepr(value, source) {
  if (value === null || value === void 0) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return source === void 0 ? pythonNumber(value) : pythonNumberFromSource(source);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map((item, i) => pythonRepr(item, numberSource(value, i))).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).map(
      ([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item, numberSource(value, key))}`
    );
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}
function pythonNumberFromSource(source) {
  return isIntegerLiteral(source) ? BigInt(source).toString() : pythonFloatRepr(Number(source));
}
function pythonNumber(value) {
  if (Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0)) return BigInt(value).toString();
  return pythonFloatRepr(value);
}
function pythonStringRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char === "\\") body += "\\\\";
    else if (char === quote) body += `\\${quote}`;
    else if (char === "\n") body += "\\n";
    else if (char === "\r") body += "\\r";
    else if (char === "	") body += "\\t";
    else if (NOT_PRINTABLE.test(char)) body += escapeCodePoint(code);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}
var NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
function escapeCodePoint(code) {
  if (code === 32) return " ";
  if (code < 256) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 65536) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

// src/suites/function-calls/matchers.ts
var MatcherSpecError = class extends Error {
  path;
  constructor(path8, message) {
    super(`${path8}: ${message}`);
    this.path = path8;
  }
};
var MARKERS = ["$anyOf", "$regex", "$number", "$exact", "$similar", "$any", "$unordered"];
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function markerOf(value) {
  if (!isPlainObject(value)) return void 0;
  return MARKERS.find((marker) => marker in value);
}
function holdsMarker(value) {
  if (Array.isArray(value)) return value.some(holdsMarker);
  if (!isPlainObject(value)) return false;
  return markerOf(value) !== void 0 || "$optional" in value || Object.values(value).some(holdsMarker);
}
function compileExpected(value, options, path8, source) {
  if (isPlainObject(value) && markerOf(value) !== void 0) {
    const optional = value.$optional === true;
    const compiled = compileMarker(value, options, path8);
    return { matcher: compiled.matcher, optional: optional || compiled.optional };
  }
  if (isPlainObject(value) && "$optional" in value)
    throw new MatcherSpecError(path8, `"$optional" needs a matcher marker beside it (${MARKERS.join(", ")})`);
  return { matcher: compileValue(value, options, path8, source), optional: false };
}
function compileValue(value, options, path8, source) {
  if (isPlainObject(value) && markerOf(value) !== void 0) {
    const compiled = compileExpected(value, options, path8);
    if (compiled.optional) throw new MatcherSpecError(path8, `"$optional" only applies to object fields and top-level arguments`);
    return compiled.matcher;
  }
  const fallback = holdsMarker(value) ? void 0 : leaf(value, options);
  if (isPlainObject(value)) {
    const fields = {};
    for (const [key, item] of Object.entries(value))
      fields[key] = compileExpected(item, options, `${path8}.${key}`, numberSource(value, key));
    return { kind: "object", fields, ...fallback && { fallback } };
  }
  if (Array.isArray(value)) {
    return {
      kind: "array",
      items: value.map((item, i) => compileValue(item, options, `${path8}.${i}`, numberSource(value, i))),
      ordered: true,
      ...fallback && { fallback }
    };
  }
  return leaf(value, options, source);
}
function leaf(value, options, source) {
  if (options.mode === "exact") return { kind: "exact", value };
  return { kind: "similar", value, threshold: options.threshold, ...source !== void 0 && { source } };
}
function compileMarker(spec, options, path8) {
  const marker = markerOf(spec);
  const body = spec[marker];
  const number2 = (key, fallback) => {
    const raw = spec[key] ?? fallback;
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0)
      throw new MatcherSpecError(path8, `${key} must be a non-negative number`);
    return raw;
  };
  switch (marker) {
    case "$anyOf": {
      if (!Array.isArray(body) || body.length === 0) throw new MatcherSpecError(path8, `"$anyOf" must be a non-empty array`);
      const values2 = body.filter((item) => item !== "");
      return {
        matcher: { kind: "any-of", options: values2.map((item, i) => compileValue(item, options, `${path8}.$anyOf.${i}`)) },
        optional: values2.length < body.length
      };
    }
    case "$regex": {
      if (typeof body !== "string") throw new MatcherSpecError(path8, `"$regex" must be a string`);
      const flags = typeof spec.$flags === "string" ? spec.$flags : "";
      try {
        new RegExp(body, flags);
      } catch (error) {
        throw new MatcherSpecError(path8, `invalid regex: ${error.message}`);
      }
      return { matcher: { kind: "regex", pattern: body, flags }, optional: false };
    }
    case "$number":
      if (typeof body !== "number" || !Number.isFinite(body)) throw new MatcherSpecError(path8, `"$number" must be a number`);
      return { matcher: { kind: "number", value: body, absTol: number2("$absTol", 0), relTol: number2("$relTol", 0) }, optional: false };
    case "$exact":
      return { matcher: { kind: "exact", value: body }, optional: false };
    case "$similar": {
      const threshold = number2("$threshold", options.threshold);
      if (threshold > 1) throw new MatcherSpecError(path8, `$threshold must be at most 1`);
      const source = numberSource(spec, "$similar");
      return { matcher: { kind: "similar", value: body, threshold, ...source !== void 0 && { source } }, optional: false };
    }
    case "$any":
      return { matcher: { kind: "any" }, optional: false };
    case "$unordered":
      if (!Array.isArray(body)) throw new MatcherSpecError(path8, `"$unordered" must be an array`);
      return {
        matcher: { kind: "array", items: body.map((item, i) => compileValue(item, options, `${path8}.${i}`)), ordered: false },
        optional: false
      };
  }
}
function compileBfclParameter(acceptable, path8) {
  if (!Array.isArray(acceptable)) throw new MatcherSpecError(path8, "a BFCL possible answer must be a list of acceptable values");
  const values2 = acceptable.filter((item) => item !== "");
  return {
    matcher: { kind: "any-of", options: values2.map((item, i) => compileBfclValue(item, `${path8}.${i}`)) },
    optional: values2.length < acceptable.length
  };
}
function compileBfclValue(value, path8) {
  if (typeof value === "string") return { kind: "bfcl-string", value };
  if (Array.isArray(value)) return { kind: "array", items: value.map((item, i) => compileBfclValue(item, `${path8}.${i}`)), ordered: true };
  if (isPlainObject(value)) {
    const fields = {};
    for (const [key, item] of Object.entries(value)) fields[key] = compileBfclParameter(item, `${path8}.${key}`);
    return { kind: "object", fields };
  }
  return { kind: "exact", value };
}
function bfclStandardize(text) {
  return text.replace(/[ ,./\-_*^]/g, "").toLowerCase().replace(/'/g, '"');
}
function matchesValue(matcher2, actual, source) {
  switch (matcher2.kind) {
    case "similar":
      return isSimilar(pythonStr(actual, source), pythonStr(matcher2.value, matcher2.source), matcher2.threshold);
    case "exact":
      return deepEqual(matcher2.value, actual);
    case "bfcl-string":
      return typeof actual === "string" && bfclStandardize(actual) === bfclStandardize(matcher2.value);
    case "any-of":
      return matcher2.options.some((option) => matchesValue(option, actual, source));
    case "regex":
      return new RegExp(`^(?:${matcher2.pattern})$`, matcher2.flags).test(pythonStr(actual, source));
    case "number": {
      const number2 = typeof actual === "number" ? actual : typeof actual === "string" && actual.trim() !== "" ? Number(actual) : Number.NaN;
      if (!Number.isFinite(number2)) return false;
      return Math.abs(number2 - matcher2.value) <= Math.max(matcher2.absTol, matcher2.relTol * Math.abs(matcher2.value));
    }
    case "any":
      return true;
    case "object":
      if (!isPlainObject(actual)) return matcher2.fallback ? matchesValue(matcher2.fallback, actual, source) : false;
      return matchesObject(matcher2.fields, actual);
    case "array":
      if (!Array.isArray(actual)) return matcher2.fallback ? matchesValue(matcher2.fallback, actual, source) : false;
      if (actual.length !== matcher2.items.length) return false;
      if (matcher2.ordered) return matcher2.items.every((item, i) => matchesValue(item, actual[i], numberSource(actual, i)));
      return perfectMatching(matcher2.items, actual);
  }
}
function matchesObject(fields, actual) {
  for (const key of Object.keys(actual)) if (!(key in fields)) return false;
  return Object.entries(fields).every(
    ([key, field]) => key in actual ? matchesValue(field.matcher, actual[key], numberSource(actual, key)) : field.optional
  );
}
function perfectMatching(items, actual) {
  const ownerOf = new Array(actual.length).fill(-1);
  const tryItem = (item, seen) => {
    for (let j = 0; j < actual.length; j++) {
      if (seen[j] || !matchesValue(items[item], actual[j], numberSource(actual, j))) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || tryItem(ownerOf[j], seen)) {
        ownerOf[j] = item;
        return true;
      }
    }
    return false;
  };
  return items.every((_, item) => tryItem(item, new Array(actual.length).fill(false)));
}
function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

// src/suites/function-calls/metrics.ts
var CALL_METRICS = ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"];
function normalizeName(name) {
  return name.trim().toLowerCase();
}
function scorePair(expected, actual) {
  const correct = [];
  const wrong = [];
  const extra = [];
  for (const [key, value] of Object.entries(actual.arguments)) {
    const spec = expected.arguments[key];
    if (!spec) extra.push(key);
    else if (matchesValue(spec.matcher, value, numberSource(actual.arguments, key))) correct.push(key);
    else wrong.push(key);
  }
  const missing = Object.entries(expected.arguments).filter(([key, spec]) => !(key in actual.arguments) && !spec.optional).map(([key]) => key);
  const expectedCount = Object.keys(expected.arguments).filter(
    (key) => key in actual.arguments || !expected.arguments[key]?.optional
  ).length;
  const actualCount = Object.keys(actual.arguments).length;
  const precision = actualCount === 0 ? expectedCount === 0 ? 1 : 0 : correct.length / actualCount;
  const recall = expectedCount === 0 ? 1 : correct.length / expectedCount;
  return { precision, recall, correct, wrong, missing, extra };
}
function scoreCalls(expected, actual, options = {}) {
  const ignored = new Set((options.ignoreCalls ?? []).map(normalizeName));
  const ignoredCalls = [];
  const counted = [];
  actual.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredCalls.push({ index, name: call.name });
    else counted.push({ index, call });
  });
  const ignoredExpected = [];
  expected.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredExpected.push({ index, name: call.name });
  });
  const expectedCount = expected.length - ignoredExpected.length;
  const pairs = [];
  const names = new Set(expected.map((call) => normalizeName(call.name)).filter((name) => !ignored.has(name)));
  for (const name of names) {
    const wanted = expected.map((call, index) => ({ index, call })).filter(({ call }) => normalizeName(call.name) === name);
    const made = counted.filter(({ call }) => normalizeName(call.name) === name);
    if (made.length === 0) continue;
    const grid = wanted.map((e) => made.map((a) => scorePair(e.call, a.call)));
    const weights = grid.map((row) => row.map((pair) => (pair.precision + pair.recall) * 1e6 + pair.recall));
    for (const [row, column] of maxWeightAssignment(weights)) {
      const e = wanted[row];
      const a = made[column];
      pairs.push({
        name: e.call.name,
        expectedIndex: e.index,
        actualIndex: a.index,
        ...grid[row]?.[column]
      });
    }
  }
  pairs.sort((x, y) => x.expectedIndex - y.expectedIndex);
  const pairedExpected = new Set(pairs.map((pair) => pair.expectedIndex));
  const pairedActual = new Set(pairs.map((pair) => pair.actualIndex));
  const missingCalls = expected.flatMap(
    (call, index) => pairedExpected.has(index) || ignored.has(normalizeName(call.name)) ? [] : [{ index, name: call.name }]
  );
  const unexpectedCalls = counted.flatMap(({ index, call }) => pairedActual.has(index) ? [] : [{ index, name: call.name }]);
  const metrics = callMetrics(expectedCount, counted.length, pairs);
  return { metrics, pairs, missingCalls, unexpectedCalls, ignoredCalls, ignoredExpected };
}
function callMetrics(expectedCount, actualCount, pairs) {
  if (expectedCount === 0 && actualCount === 0) {
    return { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 };
  }
  const mean4 = (values2) => values2.reduce((sum2, value) => sum2 + value, 0) / values2.length;
  const precision_fn = actualCount === 0 ? 0 : pairs.length / actualCount;
  const recall_fn = expectedCount === 0 ? 1 : pairs.length / expectedCount;
  const precision_args = pairs.length === 0 ? 0 : mean4(pairs.map((pair) => pair.precision));
  const recall_args = pairs.length === 0 ? expectedCount === 0 ? 1 : 0 : mean4(pairs.map((pair) => pair.recall));
  const everyArgRight = pairs.every((pair) => pair.precision === 1 && pair.recall === 1);
  const exact_match = pairs.length === expectedCount && pairs.length === actualCount && everyArgRight ? 1 : 0;
  return { precision_fn, recall_fn, precision_args, recall_args, reliability: (recall_fn + recall_args) / 2, exact_match };
}

// src/suites/function-calls/aggregate.ts
var DESCRIPTIONS = {
  precision_fn: "share of the calls made that were expected (no extra calls)",
  recall_fn: "share of the expected calls that were made (no missing calls)",
  precision_args: "share of the arguments sent that were right, over paired calls",
  recall_args: "share of the expected arguments sent right, over paired calls",
  reliability: "mean of recall_fn and recall_args",
  exact_match: "cases where every call and every argument was right, nothing extra",
  completion_rate: "live conversations that completed before the turn limit"
};
function mean2(values2) {
  return values2.length === 0 ? null : values2.reduce((sum2, value) => sum2 + value, 0) / values2.length;
}
function metric(values2, gated, description) {
  return { value: mean2(values2), n: values2.length, gated, direction: "higher", unit: "ratio", ...description && { description } };
}
function aggregateFunctionCalls(results) {
  const scoredCases = results.filter((result) => result.status === "scored");
  const valuesOf = (cases, name) => cases.flatMap((c) => typeof c.metrics[name] === "number" ? [c.metrics[name]] : []);
  const metrics = {};
  for (const name of CALL_METRICS) metrics[name] = metric(valuesOf(scoredCases, name), true, DESCRIPTIONS[name]);
  metrics.exact_match = metric(valuesOf(scoredCases, "exact_match"), false, DESCRIPTIONS.exact_match);
  const completed = valuesOf(scoredCases, "completed");
  if (completed.length > 0) metrics.completion_rate = metric(completed, false, DESCRIPTIONS.completion_rate);
  const scenarios = [...new Set(scoredCases.map((c) => c.tags.scenarioType ?? "unknown"))].sort();
  for (const scenario of scenarios) {
    const cases = scoredCases.filter((c) => (c.tags.scenarioType ?? "unknown") === scenario);
    for (const name of CALL_METRICS) metrics[`${scenario}/${name}`] = metric(valuesOf(cases, name), false);
  }
  const warnings = [];
  const limited = scoredCases.filter((c) => c.tags.hit_turn_limit === "true").length;
  if (limited > 0)
    warnings.push(`${limited} conversation(s) hit the turn limit before the task was complete; they are scored on the calls made so far`);
  if (scoredCases.length === 0) warnings.push("no case was scored");
  return { metrics, warnings };
}

// src/suites/function-calls/load.ts
import { createHash as createHash2 } from "node:crypto";
import { readFile as readFile4 } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

// src/models/tool-calls.ts
function parseToolArguments(raw) {
  if (raw === void 0 || raw === null || raw === "") return {};
  if (typeof raw === "string") {
    try {
      const parsed = parseJsonKeepingNumbers(raw);
      if (isPlainObject2(parsed)) return parsed;
    } catch {
    }
    return { __raw: raw };
  }
  if (isPlainObject2(raw)) return raw;
  return { __raw: JSON.stringify(raw) };
}
function serializeToolArguments(args) {
  const keys = Object.keys(args);
  if (keys.length === 1 && keys[0] === "__raw" && typeof args["__raw"] === "string") return args["__raw"];
  return JSON.stringify(args);
}
function normalizeToolCalls(value) {
  if (!Array.isArray(value)) return [];
  const calls = [];
  value.forEach((entry, index) => {
    if (!isPlainObject2(entry)) return;
    const fn = isPlainObject2(entry["function"]) ? entry["function"] : void 0;
    const name = fn?.["name"] ?? entry["name"] ?? entry["functionName"];
    if (typeof name !== "string" || name === "") return;
    const args = fn ? fn["arguments"] : entry["arguments"];
    const id = typeof entry["id"] === "string" && entry["id"] !== "" ? entry["id"] : `call_${index}`;
    calls.push({ id, name, arguments: parseToolArguments(args) });
  });
  return calls;
}
function isPlainObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/util/jsonl.ts
import { createReadStream } from "node:fs";
function parseLine(raw, line2, parse) {
  if (raw.trim() === "") return null;
  try {
    return { line: line2, raw, value: parse(raw) };
  } catch (error) {
    return { line: line2, raw, error: error.message };
  }
}
var LineSplitter = class {
  rest = "";
  line = 0;
  parse;
  constructor(parse) {
    this.parse = parse;
  }
  push(chunk) {
    const text = this.rest + chunk;
    const out = [];
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      this.line++;
      const raw = text.slice(start, text.charCodeAt(end - 1) === 13 ? end - 1 : end);
      const parsed = parseLine(raw, this.line, this.parse);
      if (parsed) out.push(parsed);
      start = end + 1;
    }
    this.rest = text.slice(start);
    return out;
  }
  end() {
    this.line++;
    const raw = this.rest.endsWith("\r") ? this.rest.slice(0, -1) : this.rest;
    this.rest = "";
    const parsed = parseLine(raw, this.line, this.parse);
    return parsed ? [parsed] : [];
  }
};
async function* readJsonLines(path8, parse = JSON.parse) {
  const splitter = new LineSplitter(parse);
  for await (const chunk of createReadStream(path8, { encoding: "utf8", highWaterMark: 64 * 1024 })) {
    yield* splitter.push(chunk);
  }
  yield* splitter.end();
}
function parseJsonLines(text, parse = JSON.parse) {
  const splitter = new LineSplitter(parse);
  return [...splitter.push(text), ...splitter.end()];
}

// src/suites/function-calls/tools.ts
var BFCL_TYPES = {
  dict: "object",
  float: "number",
  tuple: "array",
  int: "integer",
  bool: "boolean",
  str: "string",
  list: "array"
};
function toJsonSchema(schema) {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && typeof value === "string") {
      if (value === "any") continue;
      out[key] = BFCL_TYPES[value] ?? value;
    } else if (key === "properties" && typeof value === "object" && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, toJsonSchema(child)]));
    } else if (key === "items" || key === "additionalProperties" || key === "anyOf" || key === "oneOf") {
      out[key] = toJsonSchema(value);
    } else out[key] = value;
  }
  return out;
}
function readToolSchema(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a tool must be an object with name and parameters";
  const record2 = value;
  const fn = typeof record2.function === "object" && record2.function !== null ? record2.function : record2;
  if (typeof fn.name !== "string" || fn.name === "") return "a tool needs a non-empty name";
  const parameters = fn.parameters ?? { type: "object", properties: {} };
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters))
    return `tool ${fn.name}: parameters must be an object`;
  return {
    name: fn.name,
    ...typeof fn.description === "string" && { description: fn.description },
    parameters: toJsonSchema(parameters)
  };
}
function toWireTools(tools) {
  const original = /* @__PURE__ */ new Map();
  const wire = tools.map((tool) => {
    const base = tool.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 60) || "tool";
    let name = base;
    for (let n = 2; original.has(name); n++) name = `${base}_${n}`;
    original.set(name, tool.name);
    return { ...tool, name };
  });
  return { tools: wire, original };
}
function fromWireName(wire, name) {
  return wire.original.get(name) ?? name;
}

// src/suites/function-calls/load.ts
function displayPath(rootDir, path8) {
  return relative(rootDir, path8).split(sep).join("/");
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function jsonLines(text, file, problems) {
  return parseJsonLines(text, parseJsonKeepingNumbers).flatMap((line2) => keepJson(line2, file, problems));
}
function keepJson(line2, file, problems) {
  if (line2.error === void 0) return [{ line: line2.line, raw: line2.raw, value: line2.value }];
  problems.push({ file, line: line2.line, message: `not valid JSON: ${line2.error}` });
  return [];
}
async function loadFunctionCallSuite(ctx) {
  const { options } = ctx;
  const datasetPath = resolve(ctx.configDir, options.dataset);
  const file = displayPath(ctx.rootDir, datasetPath);
  const problems = [];
  const warnings = [];
  const unreadable = await checkStreamedFile(datasetPath, "a JSONL file");
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${unreadable.message}` }
    ]);
  }
  const lines = [];
  try {
    for await (const line2 of readJsonLines(datasetPath, parseJsonKeepingNumbers)) lines.push(...keepJson(line2, file, problems));
  } catch (error) {
    throw new ConfigError([{ file, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${describeReadError(error)}` }]);
  }
  if (lines.length === 0 && problems.length === 0) problems.push({ file, message: "the dataset holds no cases" });
  const format = options.format === "auto" ? detectFormat(lines[0]?.value) : options.format;
  const compile = { mode: options.matcher, threshold: options["similarity-threshold"] };
  let cases = [];
  if (format === "bfcl") {
    const answersPath = options["possible-answers"] ? resolve(ctx.configDir, options["possible-answers"]) : join(dirname(datasetPath), "possible_answer", basename(datasetPath));
    const answersFile = displayPath(ctx.rootDir, answersPath);
    let answersText;
    try {
      answersText = await readFile4(answersPath, "utf8");
    } catch (error) {
      problems.push({
        file: answersFile,
        field: `suites.${ctx.suiteName}.possible-answers`,
        message: `cannot read the BFCL possible answers: ${error.message}`
      });
    }
    if (answersText !== void 0) {
      const answers = readBfclAnswers(jsonLines(answersText, answersFile, problems), answersFile, problems);
      cases = lines.flatMap((line2) => bfclCase(line2, file, answers, answersFile, problems) ?? []);
      const used = new Set(cases.map((c) => c.id));
      const unused = [...answers.keys()].filter((id) => !used.has(id));
      if (unused.length > 0)
        warnings.push(
          `${answersFile}: ${unused.length} possible answers have no question (${unused.slice(0, 3).join(", ")}${unused.length > 3 ? ", \u2026" : ""})`
        );
    }
  } else {
    let sharedTools = [];
    if (options.tools)
      sharedTools = await readToolsFile(
        resolve(ctx.configDir, options.tools),
        displayPath(ctx.rootDir, resolve(ctx.configDir, options.tools)),
        problems
      );
    const seen = /* @__PURE__ */ new Map();
    cases = lines.flatMap((line2) => evalgateCase(line2, file, { options, compile, sharedTools, seen, warnings }, problems) ?? []);
  }
  if (options.target === void 0) {
    for (const c of cases) {
      if (!c.input.recorded)
        problems.push({
          file,
          line: c.source.line,
          field: "actual_function_calls",
          message: "no target is configured, so every case needs its recorded calls"
        });
    }
  } else if (cases.some((c) => !c.input.recorded && !c.input.question) && options.simulator === void 0) {
    problems.push({
      file,
      field: `suites.${ctx.suiteName}.simulator`,
      message: "live multi-turn cases need a simulator model to play the user"
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { cases, warnings };
}
function detectFormat(first) {
  return isRecord2(first) && "question" in first && "function" in first ? "bfcl" : "evalgate";
}
async function readToolsFile(path8, file, problems) {
  let parsed;
  try {
    parsed = JSON.parse(await readFile4(path8, "utf8"));
  } catch (error) {
    problems.push({ file, message: `cannot read the tool schemas: ${excerpt(error.message, 100)}` });
    return [];
  }
  const list2 = Array.isArray(parsed) ? parsed : isRecord2(parsed) && Array.isArray(parsed.tools) ? parsed.tools : void 0;
  if (!list2) {
    problems.push({ file, message: "expected a JSON array of tool schemas (or {tools: [...]})" });
    return [];
  }
  return list2.flatMap((tool, i) => {
    const schema = readToolSchema(tool);
    if (typeof schema === "string") {
      problems.push({ file, field: `tools.${i}`, message: schema });
      return [];
    }
    return [schema];
  });
}
var KNOWN_FIELDS = /* @__PURE__ */ new Set([
  "id",
  "scenarioType",
  "scenario_type",
  "instructions",
  "task_completion_condition",
  "taskCompletionCondition",
  "expected_function_calls",
  "expectedFunctionCalls",
  "tools",
  "mocked_results",
  "mockedResults",
  "actual_function_calls",
  "actualFunctionCalls",
  "question"
]);
function pick(record2, names) {
  for (const name of names) if (name in record2) return [name, record2[name]];
  return [names[0], void 0];
}
function shortHash2(text) {
  return createHash2("sha256").update(text).digest("hex").slice(0, 10);
}
function evalgateCase(line2, file, ctx, problems) {
  const at = (field, message) => problems.push({ file, line: line2.line, field, message });
  const before = problems.length;
  if (!isRecord2(line2.value)) {
    at("(line)", "each line must be a JSON object");
    return void 0;
  }
  const record2 = line2.value;
  const unknown2 = Object.keys(record2).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown2.length > 0) ctx.warnings.push(`${file}:${line2.line}: unknown fields ignored: ${unknown2.join(", ")}`);
  const [scenarioField, scenarioType] = pick(record2, ["scenarioType", "scenario_type"]);
  if (typeof scenarioType !== "string" || scenarioType.trim() === "")
    at(scenarioField, "a non-empty string naming the scenario type is required");
  const [expectedField, expectedRaw] = pick(record2, ["expected_function_calls", "expectedFunctionCalls"]);
  const expected = readExpectedCalls(expectedRaw, expectedField, ctx.compile, at);
  const [actualField, actualRaw] = pick(record2, ["actual_function_calls", "actualFunctionCalls"]);
  const recorded = actualRaw === void 0 ? void 0 : readActualCalls(actualRaw, actualField, at);
  const instructions = record2.instructions;
  const [conditionField, condition] = pick(record2, ["task_completion_condition", "taskCompletionCondition"]);
  const question = record2.question;
  if (question !== void 0 && (typeof question !== "string" || question.trim() === ""))
    at("question", "must be a non-empty string (sent to the target as the user's message)");
  const live = recorded === void 0 && question === void 0 && ctx.options.target !== void 0;
  if (instructions !== void 0 && typeof instructions !== "string") at("instructions", "must be a string");
  if (live && (typeof instructions !== "string" || instructions.trim() === ""))
    at("instructions", "live multi-turn cases need the simulated user's instructions");
  if (condition !== void 0 && typeof condition !== "string") at(conditionField, "must be a string");
  if (live && ctx.options["judge-completion"] && (typeof condition !== "string" || condition.trim() === ""))
    at(conditionField, "live multi-turn cases need a task completion condition");
  let tools = ctx.sharedTools;
  if (record2.tools !== void 0) {
    if (!Array.isArray(record2.tools)) at("tools", "must be an array of tool schemas");
    else
      tools = record2.tools.flatMap((tool, i) => {
        const schema = readToolSchema(tool);
        if (typeof schema === "string") {
          at(`tools.${i}`, schema);
          return [];
        }
        return [schema];
      });
  }
  const [mockedField, mocked] = pick(record2, ["mocked_results", "mockedResults"]);
  if (mocked !== void 0 && !isRecord2(mocked)) at(mockedField, "must be an object mapping function names to results");
  if (record2.id !== void 0 && (typeof record2.id !== "string" || record2.id.trim() === "")) at("id", "must be a non-empty string");
  if (problems.length > before) return void 0;
  const scenario = scenarioType.trim();
  let id = typeof record2.id === "string" ? record2.id.trim() : `${scenario}-${shortHash2(line2.raw.trim())}`;
  const count = (ctx.seen.get(id) ?? 0) + 1;
  ctx.seen.set(id, count);
  if (count > 1) {
    if (typeof record2.id === "string") {
      at("id", `duplicate case id "${id}"`);
      return void 0;
    }
    id = `${id}-${count}`;
  }
  return {
    id,
    title: typeof record2.id === "string" ? `${scenario}: ${id}` : `${scenario} (line ${line2.line})`,
    source: { file, line: line2.line },
    position: line2.line,
    input: {
      origin: "evalgate",
      scenarioType: scenario,
      instructions: typeof instructions === "string" ? instructions : "",
      completionCondition: typeof condition === "string" ? condition : "",
      ...typeof question === "string" && { question: [{ role: "user", content: question }] },
      tools,
      expected,
      mockedResults: mocked ?? {},
      ...recorded && { recorded }
    }
  };
}
function readExpectedCalls(raw, field, compile, at) {
  if (!Array.isArray(raw)) {
    at(field, "an array of {functionName, arguments} is required (it may be empty)");
    return [];
  }
  return raw.flatMap((entry, i) => {
    const where = `${field}.${i}`;
    if (!isRecord2(entry)) {
      at(where, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${where}.functionName`, "a non-empty function name is required");
      return [];
    }
    const args = entry.arguments ?? {};
    if (!isRecord2(args)) {
      at(`${where}.arguments`, "must be an object of argument name \u2192 expected value");
      return [];
    }
    const compiled = {};
    for (const [key, value] of Object.entries(args)) {
      try {
        compiled[key] = compileExpected(value, compile, key, numberSource(args, key));
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`${where}.arguments.${error.path}`, error.message.slice(error.path.length + 2));
      }
    }
    return [{ name: name.trim(), arguments: compiled }];
  });
}
function readActualCalls(raw, field, at) {
  if (!Array.isArray(raw)) {
    at(field, "must be an array of {functionName, arguments}");
    return [];
  }
  return raw.flatMap((entry, i) => {
    if (!isRecord2(entry)) {
      at(`${field}.${i}`, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${field}.${i}.functionName`, "a non-empty function name is required");
      return [];
    }
    return [{ name: name.trim(), arguments: parseToolArguments(entry.arguments) }];
  });
}
function readBfclAnswers(lines, file, problems) {
  const answers = /* @__PURE__ */ new Map();
  for (const { line: line2, value } of lines) {
    if (!isRecord2(value) || typeof value.id !== "string") {
      problems.push({ file, line: line2, field: "id", message: "each possible answer needs a string id" });
      continue;
    }
    if (answers.has(value.id)) problems.push({ file, line: line2, field: "id", message: `duplicate id "${value.id}"` });
    answers.set(value.id, { line: line2, groundTruth: value.ground_truth });
  }
  return answers;
}
function bfclCategory(id) {
  return id.replace(/_[\d-]+$/, "") || id;
}
function bfclCase(line2, file, answers, answersFile, problems) {
  const at = (field, message) => problems.push({ file, line: line2.line, field, message });
  const record2 = line2.value;
  if (!isRecord2(record2) || typeof record2.id !== "string") {
    at("id", "each BFCL question needs a string id");
    return void 0;
  }
  const id = record2.id;
  const turns = record2.question;
  if (!Array.isArray(turns) || turns.length === 0 || !turns.every(Array.isArray)) {
    at("question", "must be a list of turns, each a list of {role, content} messages");
    return void 0;
  }
  if (turns.length > 1) {
    at("question", "multi-turn BFCL categories are not supported; use single-turn files (simple, multiple, parallel, live_*)");
    return void 0;
  }
  const messages = [];
  for (const [i, message] of turns[0].entries()) {
    if (!isRecord2(message) || typeof message.content !== "string" || !["system", "user", "assistant"].includes(String(message.role))) {
      at(`question.0.${i}`, "must be {role: system|user|assistant, content: string}");
      return void 0;
    }
    messages.push({ role: message.role, content: message.content });
  }
  if (!Array.isArray(record2.function)) {
    at("function", "must be a list of function schemas");
    return void 0;
  }
  const tools = [];
  for (const [i, fn] of record2.function.entries()) {
    const schema = readToolSchema(fn);
    if (typeof schema === "string") {
      at(`function.${i}`, schema);
      return void 0;
    }
    tools.push(schema);
  }
  const answer = answers.get(id);
  if (!answer) {
    at("id", `no possible answer has the id "${id}"`);
    return void 0;
  }
  const expected = readBfclGroundTruth(
    answer.groundTruth,
    (field, message) => problems.push({ file: answersFile, line: answer.line, field, message })
  );
  if (!expected) return void 0;
  const content = messages.filter((m) => m.role === "user").at(-1)?.content ?? id;
  return {
    id,
    title: `${id}: ${content.length > 80 ? `${content.slice(0, 77)}\u2026` : content}`,
    source: { file, line: line2.line },
    position: line2.line,
    input: {
      origin: "bfcl",
      scenarioType: bfclCategory(id),
      instructions: "",
      completionCondition: "",
      question: messages,
      tools,
      expected,
      mockedResults: {}
    }
  };
}
function readBfclGroundTruth(raw, at) {
  if (!Array.isArray(raw)) {
    at("ground_truth", "must be a list of {function name: {parameter: [acceptable values]}}");
    return void 0;
  }
  const calls = [];
  for (const [i, entry] of raw.entries()) {
    if (!isRecord2(entry) || Object.keys(entry).length !== 1) {
      at(
        `ground_truth.${i}`,
        typeof entry === "string" ? "multi-turn call strings are not supported" : "must be an object with exactly one function name"
      );
      return void 0;
    }
    const [name, params] = Object.entries(entry)[0];
    if (!isRecord2(params)) {
      at(`ground_truth.${i}.${name}`, "must map parameter names to lists of acceptable values");
      return void 0;
    }
    const args = {};
    for (const [param, acceptable] of Object.entries(params)) {
      try {
        args[param] = compileBfclParameter(acceptable, param);
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`ground_truth.${i}.${name}.${error.path}`, error.message.slice(error.path.length + 2));
        return void 0;
      }
    }
    calls.push({ name, arguments: args });
  }
  return calls;
}

// src/suites/function-calls/prompts.ts
function simulatorSystemPrompt(instructions, stopToken) {
  return [
    "You are playing a user who talks to a business chatbot assistant. Write only the user's next message.",
    "",
    "Rules:",
    "- You are the user, never the assistant. Behave like a non-technical person who knows the task but not how the system works.",
    "- Stay on the task; vary your wording a little, as a person would.",
    "- Use only the data given in your task. Never invent names, numbers, dates or other facts, and never change the data.",
    "- Give information when it is needed, a little at a time; do not mention that it was given to you.",
    "- Do not correct the assistant or point out its mistakes, and accept the values it proposes.",
    `- When the assistant has completed your task and you have confirmed it, end the conversation by saying "${stopToken}".`,
    "",
    "Your task:",
    instructions.trim()
  ].join("\n");
}
var OPENING_GREETING = "Hi! How can I help you today?";
var JUDGE_WINDOW = 30;
function completionJudgeMessages(condition, transcript) {
  const lines = transcript.slice(-JUDGE_WINDOW).map((entry) => {
    if (entry.role === "tool") return `[tool ${entry.name ?? ""} returned: ${entry.content ?? ""}]`;
    const calls = (entry.toolCalls ?? []).map((call) => `[${entry.role} called ${call.name}(${JSON.stringify(call.arguments)})]`);
    return [...calls, ...entry.content ? [`${entry.role.toUpperCase()}: ${entry.content}`] : []].join("\n");
  });
  return [
    {
      role: "system",
      content: "You check whether a conversation between a user and an assistant has reached a given state. Answer with a single word: yes or no."
    },
    {
      role: "user",
      content: `Conversation:
${lines.filter(Boolean).join("\n")}

Determine if ${condition.trim()}. If so, respond with a single word: yes. Otherwise respond with a single word: no.`
    }
  ];
}
function parseCompletionVerdict(text) {
  const first = /^[\s"'*`]*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (first === "yes") return true;
  if (first === "no") return false;
  return void 0;
}
function saysStopToken(message, stopToken) {
  const squash = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
  return squash(message).includes(squash(stopToken));
}

// src/suites/function-calls/run.ts
var JudgeAnswerError = class extends Error {
};
var Ledger = class {
  requests = 0;
  costUsd = 0;
  add(response) {
    this.requests++;
    this.costUsd = this.costUsd === null || response.costUsd === null ? null : this.costUsd + response.costUsd;
    return response;
  }
};
async function runFunctionCallCase(testCase, ctx) {
  const { input } = testCase;
  const tags = { scenarioType: input.scenarioType };
  const ledger = new Ledger();
  const details = {
    mode: input.recorded ? "recorded" : input.question ? "single-turn" : "multi-turn",
    transcript: [],
    calls: []
  };
  if (input.recorded) {
    details.termination = "recorded";
    details.calls = input.recorded;
    return scored(input, details, tags, ledger, ctx.options, void 0);
  }
  if (!ctx.options.target) {
    return {
      status: "error",
      error: { kind: "input", message: "no target is configured and the case has no recorded calls" },
      metrics: {},
      tags,
      costUsd: null,
      requests: 0,
      details
    };
  }
  try {
    if (input.question) {
      await runSingleTurn(testCase, ctx, details, ledger);
      return scored(input, details, tags, ledger, ctx.options, void 0);
    }
    const completed = await runConversation(testCase, ctx, details, ledger);
    return scored(input, details, completed ? tags : { ...tags, hit_turn_limit: "true" }, ledger, ctx.options, completed);
  } catch (error) {
    const kind = isEndpointError(error) ? "endpoint" : error instanceof JudgeAnswerError ? "judge" : void 0;
    if (!kind) throw error;
    return {
      status: "error",
      error: { kind, message: redact(error.message) },
      metrics: {},
      tags,
      costUsd: ledger.costUsd,
      requests: ledger.requests,
      details
    };
  }
}
function scored(input, details, tags, ledger, options, completed) {
  const { metrics, ...score } = scoreCalls(input.expected, details.calls, { ignoreCalls: options["ignore-calls"] });
  details.score = score;
  return {
    status: "scored",
    metrics: { ...metrics, ...completed !== void 0 && { completed: completed ? 1 : 0 } },
    tags,
    costUsd: ledger.costUsd,
    requests: ledger.requests,
    details
  };
}
function takeReply(response, wire, details) {
  const calls = response.toolCalls.map((call) => ({ name: fromWireName(wire, call.name), arguments: call.arguments }));
  details.calls.push(...calls);
  details.transcript.push({ role: "assistant", content: response.text || null, ...calls.length > 0 && { toolCalls: calls } });
  return { role: "assistant", content: response.text || null, ...response.toolCalls.length > 0 && { toolCalls: response.toolCalls } };
}
async function runSingleTurn(testCase, ctx, details, ledger) {
  const { input } = testCase;
  const wire = toWireTools(input.tools);
  const messages = input.question ?? [];
  for (const message of messages)
    details.transcript.push({
      role: message.role === "system" ? "user" : message.role,
      content: message.content
    });
  const target = ctx.models.chat(ctx.options.target);
  const response = ledger.add(
    await target.chat(
      { messages, tools: wire.tools, purpose: "target", sample: ctx.repeat, vars: { case: testCase.id, turn: 1 } },
      ctx.signal
    )
  );
  takeReply(response, wire, details);
  details.termination = "single_turn";
}
function toolResult(input, name) {
  const key = Object.keys(input.mockedResults).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === void 0 ? { status: "success" } : input.mockedResults[key];
  return typeof value === "string" ? value : JSON.stringify(value);
}
async function runConversation(testCase, ctx, details, ledger) {
  const { input } = testCase;
  const { options } = ctx;
  const target = ctx.models.chat(options.target);
  const simulator = ctx.models.chat(options.simulator);
  const judge = options["judge-completion"] ? ctx.models.chat(options["completion-judge"] ?? options.simulator) : void 0;
  const wire = toWireTools(input.tools);
  const stopToken = options["stop-token"];
  const userThread = [
    { role: "system", content: simulatorSystemPrompt(input.instructions, stopToken) },
    { role: "user", content: OPENING_GREETING }
  ];
  const botThread = [];
  details.judgeVerdicts = [];
  details.turns = 0;
  while (details.turns < options["max-turns"]) {
    const said = ledger.add(await simulator.chat({ messages: userThread, purpose: "simulator", sample: ctx.repeat }, ctx.signal)).text;
    userThread.push({ role: "assistant", content: said });
    details.transcript.push({ role: "user", content: said });
    if (saysStopToken(said, stopToken)) {
      details.termination = "stop_token";
      return true;
    }
    details.turns++;
    botThread.push({ role: "user", content: said });
    const reply = await exchange(testCase, ctx, target, wire, botThread, details, ledger);
    userThread.push({ role: "user", content: reply });
    if (judge) {
      const verdictText = ledger.add(
        await judge.chat(
          {
            messages: completionJudgeMessages(input.completionCondition, details.transcript),
            purpose: "judge",
            sample: ctx.repeat,
            temperature: 0
          },
          ctx.signal
        )
      ).text;
      const complete = parseCompletionVerdict(verdictText);
      if (complete === void 0)
        throw new JudgeAnswerError(`the completion judge answered neither yes nor no: ${JSON.stringify(verdictText.slice(0, 200))}`);
      details.judgeVerdicts.push({ turn: details.turns, text: verdictText, complete });
      if (complete) {
        details.termination = "judge";
        return true;
      }
    }
  }
  details.termination = "turn_limit";
  return false;
}
async function exchange(testCase, ctx, target, wire, botThread, details, ledger) {
  const { input } = testCase;
  for (let round = 1; ; round++) {
    const response = ledger.add(
      await target.chat(
        {
          messages: botThread,
          tools: wire.tools,
          purpose: "target",
          sample: ctx.repeat,
          vars: { case: testCase.id, turn: details.turns, round }
        },
        ctx.signal
      )
    );
    botThread.push(takeReply(response, wire, details));
    if (response.toolCalls.length === 0 || !ctx.options["answer-tool-calls"]) return response.text;
    for (const call of response.toolCalls) {
      const name = fromWireName(wire, call.name);
      const content = toolResult(input, name);
      botThread.push({ role: "tool", toolCallId: call.id, name: call.name, content });
      details.transcript.push({ role: "tool", name, content });
    }
    if (round >= ctx.options["max-tool-rounds"]) {
      details.toolRoundLimitTurns = [...details.toolRoundLimitTurns ?? [], details.turns ?? 0];
      return "";
    }
  }
}

// src/suites/function-calls/index.ts
var functionCallSuite = {
  kind: "function-calls",
  load: loadFunctionCallSuite,
  modelsUsed: (options) => {
    if (options.target === void 0) return [];
    const names = [
      options.target,
      options.simulator,
      options["judge-completion"] ? options["completion-judge"] ?? options.simulator : void 0
    ];
    return [...new Set(names.filter((name) => name !== void 0))];
  },
  runCase: runFunctionCallCase,
  aggregate: (results) => aggregateFunctionCalls(results)
};

// src/suites/judged/aggregate.ts
function agentOf(result) {
  return result.tags["agent"] ?? result.caseId.split("/")[0] ?? "unknown";
}
function values(results, metric3) {
  return results.flatMap((r) => typeof r.metrics[metric3] === "number" ? [r.metrics[metric3]] : []);
}
function meanOrNull(list2) {
  return list2.length > 0 ? mean(list2) : null;
}
function repeatSpread(scored2, metric3) {
  const byRepeat = /* @__PURE__ */ new Map();
  for (const r of scored2) {
    const v = r.metrics[metric3];
    if (typeof v !== "number") continue;
    const list2 = byRepeat.get(r.repeat);
    if (list2)
      list2.push(v);
    else byRepeat.set(r.repeat, [v]);
  }
  if (byRepeat.size < 2) return void 0;
  return Math.sqrt(populationVariance([...byRepeat.values()].map(mean)));
}
function metric2(value, n, fields) {
  return { value: n > 0 ? value : null, n, ...fields };
}
function groupMetrics(group, options) {
  const scored2 = group.filter((r) => r.status === "scored");
  const withSpread = (name) => {
    const s = repeatSpread(scored2, name);
    return s === void 0 ? {} : { spread: s };
  };
  const out = {
    score: metric2(meanOrNull(values(scored2, "score")), scored2.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: "mean normalized judge score (majority vote), 0..1",
      ...withSpread("score")
    }),
    pass_rate: metric2(meanOrNull(values(scored2, "pass")), scored2.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: `share of answers scoring at least ${options["pass-score"]} (normalized)`,
      ...withSpread("pass")
    }),
    agreement: metric2(meanOrNull(values(scored2, "agreement")), scored2.length, {
      gated: false,
      direction: "higher",
      unit: "ratio",
      description: "mean judge agreement"
    }),
    error_rate: metric2(group.length > 0 ? (group.length - scored2.length) / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "answers that could not be scored"
    }),
    timeout_rate: metric2(group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "agent calls that timed out"
    }),
    duration_ms: metric2(meanOrNull(values(scored2, "duration_ms")), scored2.length, {
      gated: false,
      direction: "lower",
      unit: "ms",
      description: "mean agent response time of scored answers"
    })
  };
  const minAgreement = options["min-agreement"];
  if (minAgreement !== void 0) {
    out["low_agreement"] = metric2(values(scored2, "agreement").filter((a) => a < minAgreement).length, scored2.length, {
      gated: false,
      direction: "lower",
      unit: "count",
      description: `answers whose judges agreed less than ${minAgreement}`
    });
  }
  return out;
}
function agentStats(agent, group, options) {
  const scored2 = group.filter((r) => r.status === "scored");
  const raw = spread(values(scored2, "raw_score"));
  const minAgreement = options["min-agreement"];
  const agreements = values(scored2, "agreement");
  return {
    agent,
    cases: group.length,
    scored: scored2.length,
    errors: group.length - scored2.length,
    mean: raw?.mean ?? null,
    normalizedMean: meanOrNull(values(scored2, "score")),
    min: raw?.min ?? null,
    max: raw?.max ?? null,
    stdDev: raw?.stdDev ?? null,
    passRate: meanOrNull(values(scored2, "pass")),
    errorRate: group.length > 0 ? (group.length - scored2.length) / group.length : null,
    timeoutRate: group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null,
    avgDurationMs: meanOrNull(values(scored2, "duration_ms")),
    avgAgreement: meanOrNull(agreements),
    lowAgreement: minAgreement !== void 0 && scored2.length > 0 ? agreements.filter((a) => a < minAgreement).length : null,
    failedVotes: values(group, "failed_votes").reduce((sum2, v) => sum2 + v, 0)
  };
}
function aggregateJudged(results, options) {
  const agents = [.../* @__PURE__ */ new Set([...options.agents, ...results.map(agentOf)])];
  const byAgent = new Map(agents.map((agent) => [agent, results.filter((r) => agentOf(r) === agent)]));
  const metrics = groupMetrics(results, options);
  if (agents.length > 1) {
    for (const name of ["score", "pass_rate"]) metrics[name] = { ...metrics[name], gated: false };
    for (const [agent, group] of byAgent) {
      for (const [name, value] of Object.entries(groupMetrics(group, options))) metrics[`${agent}/${name}`] = value;
    }
  }
  const warnings = [];
  const failedVotes = values(results, "failed_votes").reduce((sum2, v) => sum2 + v, 0);
  if (failedVotes > 0) warnings.push(`${failedVotes} judge vote(s) gave no usable score (endpoint error or no valid SCORE)`);
  const errors = results.filter((r) => r.status === "error");
  if (errors.length > 0) {
    const kinds = /* @__PURE__ */ new Map();
    for (const r of errors) kinds.set(r.error?.kind ?? "unknown", (kinds.get(r.error?.kind ?? "unknown") ?? 0) + 1);
    const byKind = [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `${count} ${kind}`).join(", ");
    warnings.push(`${errors.length} of ${results.length} answer(s) could not be scored (${byKind})`);
  }
  const low = metrics["low_agreement"]?.value;
  if (low) warnings.push(`${low} answer(s) with judge agreement under ${options["min-agreement"]}`);
  const scale = SCALES[options.scale];
  return {
    metrics,
    warnings,
    breakdowns: {
      scale: { type: scale.type, min: scale.min, max: scale.max },
      agents: agents.filter((agent) => (byAgent.get(agent) ?? []).length > 0).map((agent) => agentStats(agent, byAgent.get(agent) ?? [], options))
    }
  };
}

// src/suites/judged/load.ts
import { createHash as createHash3 } from "node:crypto";
import { readFile as readFile5 } from "node:fs/promises";
import { dirname as dirname2, relative as relative2, resolve as resolve2, sep as sep2 } from "node:path";

// src/suites/judged/csv.ts
import { createReadStream as createReadStream2 } from "node:fs";
var CsvSyntaxError = class extends Error {
  name = "CsvSyntaxError";
  line;
  /** 1-based index of the field in its record. */
  field;
  reason;
  records;
  constructor(reason, line2, field, records) {
    super(`line ${line2}, field ${field}: ${reason}`);
    this.reason = reason;
    this.line = line2;
    this.field = field;
    this.records = records;
  }
};
var INCOMPLETE = /* @__PURE__ */ Symbol("incomplete");
function countLineEnds(text) {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 && text.charCodeAt(i + 1) !== 10) count++;
  }
  return count;
}
var CsvReader = class {
  buffer = "";
  line = 1;
  started = false;
  /** The first record, kept for CsvSyntaxError.records (readers name the column from it). */
  header;
  push(chunk) {
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 65279) chunk = chunk.slice(1);
    }
    this.buffer += chunk;
    return this.drain(false);
  }
  end() {
    return this.drain(true);
  }
  drain(final) {
    const text = this.buffer;
    const records = [];
    let consumed = 0;
    while (consumed < text.length) {
      let parsed;
      try {
        parsed = this.readRecord(text, consumed, final, records);
      } catch (error) {
        if (error === INCOMPLETE) break;
        throw error;
      }
      consumed = parsed.next;
      this.line += parsed.lines;
      if (parsed.record) {
        this.header ??= parsed.record;
        records.push(parsed.record);
      }
    }
    this.buffer = text.slice(consumed);
    return records;
  }
  /** One record starting at `start`, or INCOMPLETE when more text is needed to finish it. */
  readRecord(text, start, final, before) {
    const recordLine = this.line;
    let i = start;
    let line2 = recordLine;
    const fields = [];
    const parsedBefore = () => this.header ? [this.header, ...before.filter((r) => r !== this.header)] : before;
    for (; ; ) {
      const fieldIndex = fields.length + 1;
      if (text.charCodeAt(i) === 34) {
        const openedAt = line2;
        let value = "";
        let from = i + 1;
        for (; ; ) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            if (!final) throw INCOMPLETE;
            throw new CsvSyntaxError(
              `unterminated quoted field: the quote opened on line ${openedAt} is never closed`,
              openedAt,
              fieldIndex,
              parsedBefore()
            );
          }
          const segment = text.slice(from, quote);
          value += segment;
          line2 += countLineEnds(segment);
          if (quote + 1 >= text.length && !final) throw INCOMPLETE;
          if (text.charCodeAt(quote + 1) === 34) {
            value += '"';
            from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        while (text[i] === " " || text[i] === "	") i++;
        if (i >= text.length && !final) throw INCOMPLETE;
        if (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
          throw new CsvSyntaxError(
            `unexpected character ${JSON.stringify(text[i])} after the closing quote`,
            line2,
            fieldIndex,
            parsedBefore()
          );
        }
        fields.push(value);
      } else {
        let end = i;
        while (end < text.length) {
          const c = text.charCodeAt(end);
          if (c === 44 || c === 13 || c === 10) break;
          end++;
        }
        if (end >= text.length && !final) throw INCOMPLETE;
        fields.push(text.slice(i, end));
        i = end;
      }
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "\r") {
        if (i + 1 >= text.length && !final) throw INCOMPLETE;
        i += text[i + 1] === "\n" ? 2 : 1;
        line2++;
      } else if (text[i] === "\n") {
        i++;
        line2++;
      }
      break;
    }
    const blank = fields.length === 1 && fields[0] === "";
    return { record: blank ? null : { line: recordLine, fields }, next: i, lines: line2 - recordLine };
  }
};
async function* readCsvFile(path8) {
  const reader = new CsvReader();
  for await (const chunk of createReadStream2(path8, { encoding: "utf8", highWaterMark: 64 * 1024 })) {
    yield* reader.push(chunk);
  }
  yield* reader.end();
}

// src/suites/judged/load.ts
var REQUIRED_COLUMNS = ["prompt", "judge_prompt"];
var OPTIONAL_COLUMNS = ["files"];
function displayPath2(rootDir, path8) {
  return relative2(rootDir, path8).split(sep2).join("/");
}
async function streamPromptRows(path8, file, onRow) {
  const reader = new PromptRowReader(file);
  await reader.guardAsync(async () => {
    for await (const record2 of readCsvFile(path8)) {
      const row = reader.accept(record2);
      if (row) await onRow(row);
    }
  });
  return reader.finish();
}
var PromptRowReader = class {
  file;
  header;
  headerLine = 1;
  problems = [];
  warnings = [];
  constructor(file) {
    this.file = file;
  }
  /** Turns a CsvSyntaxError into a ConfigError naming the column. */
  guard(read) {
    try {
      read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }
  async guardAsync(read) {
    try {
      await read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }
  syntaxProblem(error) {
    if (!(error instanceof CsvSyntaxError)) return error;
    const header = this.header ?? error.records[0]?.fields.map((name) => name.trim().toLowerCase());
    const field = header?.[error.field - 1] ?? `column ${error.field}`;
    return new ConfigError([{ file: this.file, line: error.line, field, message: error.reason }]);
  }
  accept(record2) {
    const { file } = this;
    if (!this.header) {
      this.readHeader(record2);
      return void 0;
    }
    const header = this.header;
    if (record2.fields.length !== header.length) {
      this.problems.push({
        file,
        line: record2.line,
        field: "row",
        message: `expected ${header.length} fields (${header.join(", ")}), found ${record2.fields.length}`
      });
      return void 0;
    }
    const value = (name) => {
      const index = header.indexOf(name);
      return index >= 0 ? (record2.fields[index] ?? "").trim() : "";
    };
    const prompt = value("prompt");
    const criteria = value("judge_prompt");
    const empty = !prompt ? "prompt" : !criteria ? "judge_prompt" : void 0;
    if (empty) {
      this.warnings.push(`${file}:${record2.line}: row skipped: "${empty}" is empty`);
      return void 0;
    }
    const files = value("files").split(";").map((path8) => path8.trim()).filter(Boolean);
    return { line: record2.line, prompt, criteria, files };
  }
  readHeader(record2) {
    const { file } = this;
    const header = record2.fields.map((name) => name.trim().toLowerCase());
    const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => ({
          file,
          line: record2.line,
          field: name,
          message: `missing header column "${name}" (found: ${header.join(", ")})`
        }))
      );
    }
    const known = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
    const unknown2 = header.filter((name) => !known.includes(name));
    if (unknown2.length > 0) this.warnings.push(`${file}:${record2.line}: ignoring unknown column(s) ${unknown2.join(", ")}`);
    this.header = header;
    this.headerLine = record2.line;
  }
  /** Throws the collected row problems; returns the warnings. */
  finish() {
    if (!this.header)
      throw new ConfigError([
        { file: this.file, line: this.headerLine, message: "the file is empty; expected a header row prompt,judge_prompt[,files]" }
      ]);
    if (this.problems.length > 0) throw new ConfigError(this.problems);
    return this.warnings;
  }
};
async function readAttachments(row, csvPath, file, allowedRoot) {
  const attachments = [];
  for (const path8 of row.files) {
    const inside = resolveInside(dirname2(csvPath), path8, allowedRoot);
    if ("error" in inside) throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file ${inside.error}` }]);
    try {
      attachments.push({ path: path8, text: await readFile5(inside.path, "utf8") });
    } catch (error) {
      const reason = error.code === "ENOENT" ? "does not exist" : `cannot be read (${error.message})`;
      throw new ConfigError([
        { file, line: row.line, field: "files", message: `attached file "${path8}" ${reason} (paths are relative to the CSV's folder)` }
      ]);
    }
  }
  return attachments;
}
function shortHash3(text) {
  return createHash3("sha1").update(text).digest("hex").slice(0, 8);
}
async function loadJudgedSuite(ctx) {
  const { options } = ctx;
  const csvPath = resolve2(ctx.configDir, options.prompts);
  const file = displayPath2(ctx.rootDir, csvPath);
  const unreadable = await checkStreamedFile(csvPath, "a CSV file");
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.prompts`, message: `the prompts CSV ${unreadable.message}` }
    ]);
  }
  let preamble;
  if (options["judge-preamble"]) {
    const preamblePath = resolve2(ctx.configDir, options["judge-preamble"]);
    try {
      preamble = await readFile5(preamblePath, "utf8");
    } catch (error) {
      throw new ConfigError([
        {
          file: displayPath2(ctx.rootDir, preamblePath),
          field: `suites.${ctx.suiteName}.judge-preamble`,
          message: `cannot read the judge preamble: ${error.message}`
        }
      ]);
    }
  }
  const seen = /* @__PURE__ */ new Map();
  const kept = [];
  let usable = 0;
  const caseOf = (row, index, key, attachments, run, agent) => ({
    id: `${agent}/${key}/r${run}`,
    // From a short head of the prompt: a slice of the whole prompt would keep all of it alive per summary.
    title: row.prompt.slice(0, 200).replace(/\s+/g, " ").slice(0, 80),
    source: { file, line: row.line },
    position: index + 1,
    input: {
      agent,
      run,
      row: index + 1,
      prompt: row.prompt,
      criteria: row.criteria,
      attachments,
      ...preamble !== void 0 ? { preamble } : {}
    }
  });
  const ids = (key) => options.agents.flatMap((agent) => Array.from({ length: options.runs }, (_, r) => `${agent}/${key}/r${r + 1}`));
  let warnings;
  try {
    warnings = await streamPromptRows(csvPath, file, async (row) => {
      const index = usable++;
      const hash = shortHash3(row.prompt);
      const count = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, count);
      const key = count === 1 ? hash : `${hash}-${count}`;
      if (ctx.keep && !ids(key).some((id) => ctx.keep(id))) return;
      kept.push({ row, index, key, attachments: await readAttachments(row, csvPath, file, ctx.allowedRoot) });
    });
  } catch (error) {
    if (error instanceof ConfigError || !error.code) throw error;
    throw new ConfigError([
      { file, field: `suites.${ctx.suiteName}.prompts`, message: `cannot read the prompts CSV: ${error.message}` }
    ]);
  }
  if (usable === 0) warnings.push(`${file}: no usable prompt rows`);
  const cases = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const { row, index, key, attachments } of kept) {
      for (const agent of options.agents) {
        const testCase = caseOf(row, index, key, attachments, run, agent);
        if (!ctx.keep || ctx.keep(testCase.id)) cases.push(testCase);
      }
    }
  }
  return { cases, warnings, ...ctx.keep ? { total: usable * options.runs * options.agents.length } : {} };
}

// src/suites/judged/prompt.ts
function agentPrompt(prompt, attachments) {
  if (attachments.length === 0) return prompt;
  const blocks = attachments.map(
    (file) => `<attachment path=${JSON.stringify(file.path)}>
${file.text.replace(/\s+$/, "")}
</attachment>`
  );
  return `${prompt}

${blocks.join("\n\n")}`;
}
function judgePrompt(parts) {
  const { scale } = parts;
  const preamble = parts.preamble?.trim() ? `${parts.preamble.trim()}

---

` : "";
  const rubric = [`Scoring system (${scale.type} scale):`, ...scale.labels.map((point) => `- ${point.score}: ${point.label}`)].join("\n");
  const attached = parts.attachmentPaths?.length ? `
(with attached files: ${parts.attachmentPaths.join(", ")})` : "";
  return `${preamble}You are evaluating an agent's response.

${rubric}

You MUST include your score in the format:
SCORE: <number>

Where <number> is between ${scale.min} and ${scale.max}.

IMPORTANT: First provide your reasoning, then give your score. The score MUST appear at the end of your response.

---

Original prompt:
"${parts.prompt}"${attached}

Agent's response:
"${parts.response}"

Evaluation criteria:
${parts.criteria}

---

Provide your evaluation with clear reasoning, then end with the score (${scale.min}-${scale.max}).`;
}

// src/suites/judged/run.ts
function surviving(verdict) {
  return { finalScore: verdict.finalScore, agreement: verdict.agreement, variance: verdict.variance };
}
function totalCost(responses) {
  let total = 0;
  for (const response of responses) {
    if (response.costUsd === null) return null;
    total += response.costUsd;
  }
  return total;
}
async function castVote(text, sample, scale, ctx) {
  try {
    const response = await ctx.models.chat(ctx.options.judge).chat({ messages: [{ role: "user", content: text }], purpose: "judge", sample }, ctx.signal);
    const parsed = extractScore(response.text, scale);
    const vote = {
      sample,
      text: response.text,
      score: parsed.ok ? parsed.score : null,
      ...parsed.ok ? {} : { error: { kind: "judge", message: parsed.reason } },
      ...response.requestId ? { conversationId: response.requestId } : {},
      latencyMs: response.latencyMs
    };
    return { vote, response };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    const vote = { sample, text: null, score: null, error: { kind: "endpoint", message: redact(error.message) } };
    return { vote, response: null };
  }
}
async function runJudgedCase(testCase, ctx) {
  const { input } = testCase;
  const { options } = ctx;
  const scale = SCALES[options.scale];
  const tags = { agent: input.agent };
  const details = {
    agent: input.agent,
    run: input.run,
    row: input.row,
    prompt: input.prompt,
    criteria: input.criteria,
    scale: scale.type,
    response: null,
    timedOut: false,
    votes: []
  };
  let answer;
  try {
    answer = await ctx.models.chat(input.agent).chat(
      {
        messages: [{ role: "user", content: agentPrompt(input.prompt, input.attachments) }],
        purpose: "target",
        // Runs and repeats are deliberate re-asks: distinct samples if someone turns the target cache on.
        sample: ctx.repeat * options.runs + (input.run - 1),
        vars: { prompt: input.prompt, run: input.run }
      },
      ctx.signal
    );
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    details.timedOut = error.kind === "timeout";
    return {
      status: "error",
      error: { kind: "endpoint", message: redact(error.message) },
      metrics: { timeout: details.timedOut ? 1 : 0 },
      tags,
      costUsd: null,
      requests: 1,
      details
    };
  }
  details.response = answer.text;
  details.agentDurationMs = answer.latencyMs;
  if (answer.requestId) details.conversationId = answer.requestId;
  if (answer.text.trim() === "" && !options["allow-empty"]) {
    return {
      status: "error",
      error: {
        kind: "endpoint",
        message: `empty answer: ${input.agent} replied with no text (set allow-empty: true to judge empty answers)`
      },
      metrics: { timeout: 0 },
      tags,
      costUsd: answer.costUsd,
      requests: 1,
      details
    };
  }
  const text = judgePrompt({
    prompt: input.prompt,
    response: answer.text,
    criteria: input.criteria,
    scale,
    ...input.preamble !== void 0 ? { preamble: input.preamble } : {},
    attachmentPaths: input.attachments.map((file) => file.path)
  });
  const cast = await Promise.all(Array.from({ length: options["judge-runs"] }, (_, sample) => castVote(text, sample, scale, ctx)));
  details.votes = cast.map((c) => c.vote);
  const responses = [answer, ...cast.flatMap((c) => c.response ? [c.response] : [])];
  const failed = details.votes.filter((vote) => vote.score === null);
  const base = { tags, costUsd: totalCost(responses), requests: 1 + options["judge-runs"], details };
  const scores = details.votes.flatMap((vote) => vote.score === null ? [] : [vote.score]);
  const unreliable = unreliableVerdict(failed.length, options["judge-runs"]);
  if (unreliable) {
    if (scores.length > 0) Object.assign(details, surviving(majorityVote(scores, scale)));
    const reasons = failed.map((vote) => `vote ${vote.sample + 1}: ${vote.error?.message}`).join("; ");
    const kind = failed.some((vote) => vote.error?.kind === "judge") ? "judge" : "endpoint";
    return {
      status: "error",
      error: { kind, message: `${unreliable} (${reasons})` },
      metrics: { timeout: 0, duration_ms: answer.latencyMs, failed_votes: failed.length },
      ...base
    };
  }
  const verdict = majorityVote(scores, scale);
  Object.assign(details, surviving(verdict));
  const normalized = normalizeScore(verdict.finalScore, scale);
  return {
    status: "scored",
    metrics: {
      score: normalized,
      raw_score: verdict.finalScore,
      pass: normalized >= options["pass-score"] ? 1 : 0,
      agreement: verdict.agreement,
      variance: verdict.variance,
      duration_ms: answer.latencyMs,
      failed_votes: failed.length,
      timeout: 0
    },
    ...base
  };
}

// src/suites/judged/index.ts
var judgedSuite = {
  kind: "judged",
  load: loadJudgedSuite,
  modelsUsed: (options) => [.../* @__PURE__ */ new Set([...options.agents, options.judge])],
  runCase: runJudgedCase,
  aggregate: aggregateJudged
};

// src/suites/sgi/cost.ts
import { readFile as readFile6 } from "node:fs/promises";

// src/suites/sgi/yaml-lines.ts
var import_yaml4 = __toESM(require_dist(), 1);
function formatProblem(problem) {
  return `${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}`;
}
var ScenarioError = class extends ConfigError {
  problems;
  constructor(problems) {
    super(problems);
    this.message = problems.map(formatProblem).join("\n");
    this.problems = problems;
  }
};
function parseLocatedYaml(text, file) {
  const parsed = parsePositionedYaml(text);
  const problems = parsed.problems.map((problem) => ({ severity: "error", file, line: problem.line, message: problem.message }));
  const lineOf = (node) => parsed.positionOfNode(node)?.line;
  const lineAt = (path8) => parsed.positionOf(path8)?.line;
  return { yaml: { doc: parsed.doc, value: parsed.value, lineAt, lineOf }, problems };
}
function zodProblems(error, yaml, file) {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return {
      severity: "error",
      file,
      line: yaml.lineAt(issue.path),
      message: field ? `${field}: ${issue.message}` : issue.message
    };
  });
}
function mapEntries(yaml, path8) {
  const node = path8.length === 0 ? yaml.doc.contents : yaml.doc.getIn(path8, true);
  if (!(0, import_yaml4.isMap)(node)) return [];
  return node.items.map((pair) => ({
    key: (0, import_yaml4.isScalar)(pair.key) ? String(pair.key.value) : String(pair.key),
    line: yaml.lineOf(pair),
    value: (0, import_yaml4.isNode)(pair.value) ? pair.value.toJSON() : pair.value
  }));
}

// src/suites/sgi/cost.ts
var priceSchema = object({
  input_cost_per_million: number().min(0),
  output_cost_per_million: number().min(0),
  // Eunomia reads it but never uses it; accepted so real tables load.
  cached_input_cost_per_million: number().min(0).optional()
});
var tableSchema = object({ llm_costs: record(string(), priceSchema) });
function parsePriceTable(text, file) {
  const { yaml, problems } = parseLocatedYaml(text, file);
  if (problems.length > 0) throw new ScenarioError(problems);
  const parsed = tableSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, yaml, file));
  const prices = {};
  for (const [model, price] of Object.entries(parsed.data.llm_costs)) {
    prices[model] = { inputPerMillion: price.input_cost_per_million, outputPerMillion: price.output_cost_per_million };
  }
  return { file, prices };
}
async function loadPriceTable(absPath, file) {
  let text;
  try {
    text = await readFile6(absPath, "utf8");
  } catch {
    throw new ScenarioError([{ severity: "error", file, message: "costs: price table not found" }]);
  }
  return parsePriceTable(text, file);
}
function costOfRequests(requests, table) {
  if (requests === null) return { total_cost: null, total_input_cost: null, total_output_cost: null, details: [], unknown_models: [] };
  const byModel = /* @__PURE__ */ new Map();
  for (const request of requests) {
    let entry = byModel.get(request.model);
    const price = table?.prices[request.model];
    if (!entry) {
      entry = {
        llm: request.model,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        input_cost: price ? 0 : null,
        output_cost: price ? 0 : null,
        total: price ? 0 : null
      };
      byModel.set(request.model, entry);
    }
    entry.calls++;
    entry.input_tokens += request.inputTokens;
    entry.output_tokens += request.outputTokens;
    if (price) {
      const input = request.inputTokens / 1e6 * price.inputPerMillion;
      const output = request.outputTokens / 1e6 * price.outputPerMillion;
      entry.input_cost = entry.input_cost + input;
      entry.output_cost = entry.output_cost + output;
      entry.total = entry.total + input + output;
    }
  }
  const details = [...byModel.values()];
  const unknown2 = details.filter((d) => d.total === null).map((d) => d.llm);
  const known = unknown2.length === 0;
  return {
    total_cost: known ? sumOf(details, "total") : null,
    total_input_cost: known ? sumOf(details, "input_cost") : null,
    total_output_cost: known ? sumOf(details, "output_cost") : null,
    details,
    unknown_models: unknown2
  };
}
function sumOf(details, key) {
  return details.reduce((total, d) => total + (d[key] ?? 0), 0);
}

// src/suites/sgi/request.ts
function buildFeedbackRequest(scenario, testCase) {
  const gradingCriteria = scenario.criteria.map((criterion) => ({
    id: criterion.id,
    title: criterion.title,
    meta: { textual_id: { [String(criterion.id)]: criterion.textualId } },
    structured_grading_instructions: criterion.instructionIds.map((id) => {
      const sgi = scenario.instructions[id - 1];
      return {
        id: sgi.id,
        credits: sgi.credits,
        grading_scale: sgi.gradingScale,
        instruction_description: sgi.instructionDescription,
        feedback: sgi.feedback,
        usage_count: sgi.usageCount,
        meta: { textual_id: { [String(sgi.id)]: sgi.textualId } }
      };
    })
  }));
  return {
    exercise: { ...scenario.exercise, grading_criteria: gradingCriteria },
    submission: { id: testCase.submissionId, exerciseId: scenario.exercise.id, model: testCase.model }
  };
}

// src/suites/sgi/request-feedback.ts
import { setTimeout as sleep } from "node:timers/promises";

// src/models/retry.ts
var FATAL_STATUSES = /* @__PURE__ */ new Set([401, 403, 404, 410]);
var MAX_BACKOFF_MS = 3e4;
var MAX_RETRY_AFTER_MS = 6e4;
function classifyOutcome(outcome) {
  if (outcome.kind !== "status") return "retry";
  const { status } = outcome;
  if (FATAL_STATUSES.has(status)) return "fatal";
  if (status === 429 || status >= 500) return "retry";
  return "fail";
}
function backoffDelay(attempt, baseMs, random = Math.random, capMs = MAX_BACKOFF_MS) {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  const jittered = exponential * (1 + 0.3 * random());
  return Math.min(capMs, Math.round(jittered));
}
function parseRetryAfter(header, now = Date.now()) {
  if (header === null || header === void 0) return null;
  const text = header.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e3);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
function retryDelay(attempt, outcome, baseMs, random = Math.random, now = Date.now()) {
  if (outcome.kind === "status" && (outcome.status === 429 || outcome.status === 503)) {
    const asked = parseRetryAfter(outcome.retryAfter, now);
    if (asked !== null) return Math.min(MAX_RETRY_AFTER_MS, asked);
  }
  return backoffDelay(attempt, baseMs, random);
}

// src/suites/sgi/response.ts
var WRAPPER = "the module manager's wrapper {module_name, status, data: [feedback...], meta}";
function parseAthenaResponse(json) {
  if (Array.isArray(json)) return fail(`the response is a bare array; expected ${WRAPPER}`);
  if (!isRecord3(json)) return fail(`the response is ${describe2(json)}; expected ${WRAPPER}`);
  if (typeof json.status === "number" && (json.status < 200 || json.status >= 300)) {
    return fail(`the module manager reported status ${json.status}${typeof json.detail === "string" ? `: ${json.detail}` : ""}`);
  }
  if (!("data" in json)) return fail(`the response has no "data" field; expected ${WRAPPER}`);
  if (!Array.isArray(json.data)) return fail(`"data" is ${describe2(json.data)}, not a list of feedback items`);
  const feedback = [];
  for (const [i, raw] of json.data.entries()) {
    if (!isRecord3(raw)) return fail(`data[${i}] is ${describe2(raw)}, not a feedback object`);
    const sgi = pick2(raw, "structuredGradingInstructionId", "structured_grading_instruction_id");
    let sgiId = null;
    if (sgi !== void 0 && sgi !== null) {
      sgiId = toNumber(sgi);
      if (sgiId === null) return fail(`data[${i}].structured_grading_instruction_id is ${describe2(sgi)}, not a number`);
    }
    const rawCredits = pick2(raw, "credits");
    const credits = rawCredits === void 0 || rawCredits === null ? 0 : toNumber(rawCredits);
    if (credits === null) return fail(`data[${i}].credits is ${describe2(rawCredits)}, not a number`);
    feedback.push({
      sgiId,
      credits,
      ...typeof raw.title === "string" ? { title: raw.title } : {},
      ...typeof raw.description === "string" ? { description: raw.description } : {},
      raw
    });
  }
  const meta = json.meta;
  let llmRequests = null;
  if (isRecord3(meta)) {
    const requests = pick2(meta, "llmRequests", "llm_requests");
    if (requests !== void 0 && requests !== null) {
      if (!Array.isArray(requests)) return fail(`meta.llmRequests is ${describe2(requests)}, not a list`);
      llmRequests = [];
      for (const [i, request] of requests.entries()) {
        if (!isRecord3(request)) return fail(`meta.llmRequests[${i}] is ${describe2(request)}, not an object`);
        const model = request.model;
        if (typeof model !== "string" || model === "") return fail(`meta.llmRequests[${i}].model is missing`);
        const inputTokens = toNumber(pick2(request, "numInputTokens", "num_input_tokens") ?? 0);
        const outputTokens = toNumber(pick2(request, "numOutputTokens", "num_output_tokens") ?? 0);
        if (inputTokens === null || outputTokens === null) return fail(`meta.llmRequests[${i}] has token counts that are not numbers`);
        llmRequests.push({ model, inputTokens, outputTokens });
      }
    }
  }
  return {
    ok: true,
    value: { ...typeof json.module_name === "string" ? { moduleName: json.module_name } : {}, feedback, llmRequests }
  };
}
function fail(message) {
  return { ok: false, message };
}
function pick2(record2, ...keys) {
  for (const key of keys) if (record2[key] !== void 0) return record2[key];
  return void 0;
}
function toNumber(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}
function isRecord3(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function describe2(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}\u2026` : value)}`;
  return `a ${typeof value}`;
}

// src/suites/sgi/request-feedback.ts
async function requestFeedback(body, ctx) {
  const endpoint = ctx.models.endpoint(ctx.options.target);
  const attempts = 1 + ctx.options["invalid-retries"];
  const causes = [];
  let requests = 0;
  let lastBody;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(backoffDelay(attempt - 1, endpoint.config["retry-backoff"]), void 0, { signal: ctx.signal });
    let response;
    try {
      response = await endpoint.post(body, ctx.signal);
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      requests += error.attempts;
      if (error.kind !== "parse") {
        return { ok: false, error: { kind: error.kind === "fatal" ? "fatal" : "endpoint", message: redact(error.message) }, requests };
      }
      causes.push(error.message.replace(`${ctx.options.target}: `, ""));
      continue;
    }
    requests += response.attempts;
    const parsed = parseAthenaResponse(response.json);
    if (parsed.ok) return { ok: true, response, parsed: parsed.value, requests };
    causes.push(parsed.message);
    lastBody = response.json;
  }
  return { ok: false, error: { kind: "endpoint", message: redact(invalidMessage(ctx.options.target, causes)) }, requests, lastBody };
}
function invalidMessage(target, causes) {
  const distinct = [...new Set(causes)];
  const attempts = causes.length === 1 ? "1 attempt" : `${causes.length} attempts`;
  const what = causes.length === 1 ? "the answer was invalid" : "every answer was invalid";
  return `${target}: ${attempts}, ${what}: ${distinct.join("; then: ")}`;
}

// src/suites/sgi/score.ts
var SCORE_TOLERANCE = 1e-6;
function expectedFor(scenario, testCase) {
  const replacements = /* @__PURE__ */ new Map();
  for (const diff of scenario.diffs) if (diff.testCase === testCase) replacements.set(diff.key, diff.replacement);
  return scenario.defaultExpected.map((id) => replacements.get(id) ?? id);
}
function diffSetFor(scenario, testCase) {
  return [...new Set(scenario.diffs.filter((diff) => diff.testCase === testCase).map((diff) => diff.replacement))];
}
function scoreCase(scenario, testCase, feedback) {
  const known = (id) => scenario.instructions[id - 1]?.id === id;
  const instruction = (id) => scenario.instructions[id - 1];
  const expected = expectedFor(scenario, testCase);
  const diffSet = diffSetFor(scenario, testCase);
  const referenced = feedback.filter((item) => item.sgiId !== null);
  const returned = referenced.filter((item) => known(item.sgiId)).map((item) => item.sgiId);
  const unknown2 = referenced.filter((item) => !known(item.sgiId)).map((item) => item.sgiId);
  const expectedScore = sum(expected.map((id) => instruction(id).credits));
  const returnedScore = sum(referenced.filter((item) => known(item.sgiId)).map((item) => item.credits));
  const returnedSet = new Set(returned);
  const expectedSet = new Set(expected);
  const diffs = new Set(diffSet);
  const missing = expected.filter((id) => !returnedSet.has(id));
  const extra = returned.filter((id) => !expectedSet.has(id));
  let totalWeight = 0;
  let achievedWeight = 0;
  for (const id of expected) {
    const weight = diffs.has(id) ? 2 : 1;
    totalWeight += weight;
    if (returnedSet.has(id)) achievedWeight += weight;
  }
  const percent = totalWeight === 0 ? 0 : achievedWeight / totalWeight * 100;
  const { wrongLess, wrongMore } = wrongPoints(missing, extra, instruction);
  return {
    expected,
    diffSet,
    returned,
    unknown: unknown2,
    expectedScore,
    returnedScore,
    percent,
    detected: diffSet.every((id) => returnedSet.has(id)),
    scoreMatch: Math.abs(expectedScore - returnedScore) < SCORE_TOLERANCE,
    fullyCorrect: missing.length === 0 && unknown2.length === 0,
    missing,
    extra,
    wrongLess,
    wrongMore,
    criteriaResults: criteriaResults(scenario, missing, extra, instruction, feedback)
  };
}
function wrongPoints(missing, extra, instruction) {
  let wrongLess = 0;
  let wrongMore = 0;
  const byCriterion = /* @__PURE__ */ new Map();
  const group = (id) => {
    const criterionId = instruction(id).criterionId;
    let entry = byCriterion.get(criterionId);
    if (!entry) {
      entry = { missing: [], extra: [] };
      byCriterion.set(criterionId, entry);
    }
    return entry;
  };
  for (const id of missing) group(id).missing.push(id);
  for (const id of extra) group(id).extra.push(id);
  for (const entry of byCriterion.values()) {
    while (entry.missing.length > 0 && entry.extra.length > 0) {
      const lost = entry.missing.pop();
      const gained = entry.extra.pop();
      if (instruction(gained).credits > instruction(lost).credits) wrongMore++;
      else wrongLess++;
    }
    wrongLess += entry.missing.length;
    for (const id of entry.extra) {
      if (instruction(id).credits > 0) wrongMore++;
      else wrongLess++;
    }
  }
  return { wrongLess, wrongMore };
}
function criteriaResults(scenario, missing, extra, instruction, feedback) {
  const results = [];
  const ascendingSet = (ids) => [...new Set(ids)].sort((a, b) => a - b);
  const receivedRef = (sgi) => ({
    ...expectedRef(sgi),
    feedbackDescription: feedback.find((item) => item.sgiId === sgi.id)?.description ?? null
  });
  for (const criterion of scenario.criteria) {
    const lost = ascendingSet(missing.filter((id) => instruction(id).criterionId === criterion.id));
    const gained = ascendingSet(extra.filter((id) => instruction(id).criterionId === criterion.id));
    if (lost.length === 0 && gained.length === 0) continue;
    const pairs = Math.min(lost.length, gained.length);
    results.push({
      criterion_id: criterion.id,
      criterion_textual_id: criterion.textualId,
      mismatch_pairs: lost.slice(0, pairs).map((id, i) => ({ expected: expectedRef(instruction(id)), received: receivedRef(instruction(gained[i])) })),
      missing_instructions: lost.slice(pairs).map((id) => expectedRef(instruction(id))),
      extra_instructions: gained.slice(pairs).map((id) => receivedRef(instruction(id)))
    });
  }
  return results;
}
function expectedRef(sgi) {
  return { id: sgi.id, textual_id: sgi.textualId, credits: sgi.credits, instructionDescription: sgi.instructionDescription };
}
function sum(values2) {
  return values2.reduce((total, value) => total + value, 0);
}

// src/suites/sgi/run-case.ts
var MODEL_COST_PREFIX = "cost_usd:";
var MODEL_CALLS_PREFIX = "llm_calls:";
async function runSgiCase(testCase, ctx) {
  const { scenario, testCase: tc, prices } = testCase.input;
  const tags = { scenario: scenario.title };
  const body = buildFeedbackRequest(scenario, tc);
  const answer = await requestFeedback(body, ctx);
  if (!answer.ok) {
    const { error, requests, lastBody } = answer;
    return {
      status: "error",
      error,
      metrics: {},
      tags,
      costUsd: null,
      requests,
      ...lastBody !== void 0 && { details: { scenario: scenario.title, test_case: tc.name, response: redactDeep(lastBody) } }
    };
  }
  const { response, parsed } = answer;
  const { feedback, llmRequests } = parsed;
  const score = scoreCase(scenario, tc.name, feedback);
  const cost = costOfRequests(llmRequests, prices);
  const textual = (ids) => ids.map((id) => textualId(scenario, id));
  const missedCriteria = [...new Set(score.missing.map((id) => scenario.instructions[id - 1].criterionTextualId))];
  if (missedCriteria.length > 0) {
    tags.missed_criteria = missedCriteria.join(",");
    tags.missed_instructions = score.missing.map((id) => `${scenario.instructions[id - 1].criterionTextualId}:${textualId(scenario, id)}`).join(",");
  }
  if (cost.unknown_models.length > 0) tags.unknown_models = cost.unknown_models.join(",");
  if (llmRequests === null) tags.cost_unknown = "no token usage in the response";
  const metrics = {
    score: score.percent / 100,
    detected: score.detected ? 1 : 0,
    fully_correct: score.fullyCorrect ? 1 : 0,
    score_match: score.scoreMatch ? 1 : 0,
    wrong_less: score.wrongLess,
    wrong_more: score.wrongMore,
    request_time_ms: response.latencyMs,
    expected_points: score.expectedScore,
    returned_points: score.returnedScore
  };
  for (const model of cost.details) {
    metrics[`${MODEL_CALLS_PREFIX}${model.llm}`] = model.calls;
    if (model.total !== null) metrics[`${MODEL_COST_PREFIX}${model.llm}`] = model.total;
  }
  return {
    status: "scored",
    metrics,
    tags,
    costUsd: cost.total_cost,
    requests: answer.requests,
    details: {
      scenario: scenario.title,
      test_case: tc.name,
      submission_id: tc.submissionId,
      exercise_id: scenario.exercise.id,
      expected_instructions: textual(score.expected),
      diff_instructions: textual(score.diffSet),
      returned_instructions: textual(score.returned),
      missing_instructions: textual(score.missing),
      extra_instructions: textual(score.extra),
      unknown_instruction_ids: score.unknown,
      wrong_less: score.wrongLess,
      wrong_more: score.wrongMore,
      request_time_ms: response.latencyMs,
      // The TestBench's own per-test-case JSON, written as test_cases/<name>.json on export.
      testbench: {
        test_case: tc.name,
        expected_score: score.expectedScore,
        returned_score: score.returnedScore,
        test_case_detected_correctly: score.detected,
        test_case_score_percent: score.percent,
        // The TestBench writes cost only when it has a price table.
        ...prices !== null && { cost },
        criteria_results: score.criteriaResults,
        feedback: redactDeep(feedback.map((item) => item.raw))
      }
    }
  };
}
function textualId(scenario, id) {
  return scenario.instructions[id - 1]?.textualId ?? String(id);
}

// src/suites/sgi/aggregate.ts
function aggregateSgi(results) {
  const scored2 = results.filter((r) => r.status === "scored");
  const n = scored2.length;
  const mean4 = (key) => n === 0 ? null : scored2.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n;
  const totalCost2 = sumCost(scored2);
  const gated = (value, description) => ({
    value,
    n,
    gated: true,
    direction: "higher",
    unit: "ratio",
    description
  });
  const metrics = {
    score: gated(mean4("score"), "mean test-case score (weight 2 for the instructions a test case is about)"),
    detection_rate: gated(mean4("detected"), "share of test cases whose introduced faults were all flagged"),
    fully_correct_rate: gated(mean4("fully_correct"), "share of test cases with no missing and no unknown instructions"),
    score_match_rate: gated(mean4("score_match"), "share of test cases whose returned points equal the expected points"),
    cost_usd: {
      value: totalCost2,
      n,
      gated: false,
      direction: "lower",
      unit: "usd",
      description: "total cost (unknown when a model has no price)"
    },
    avg_cost_usd: {
      value: totalCost2 === null || n === 0 ? null : totalCost2 / n,
      n,
      gated: false,
      direction: "lower",
      unit: "usd",
      description: "average cost per test case"
    },
    avg_request_time_ms: {
      value: mean4("request_time_ms"),
      n,
      gated: false,
      direction: "lower",
      unit: "ms",
      description: "average request time"
    }
  };
  const warnings = [];
  const unknownModels = new Set(scored2.flatMap((r) => r.tags.unknown_models ? r.tags.unknown_models.split(",") : []));
  for (const model of unknownModels) {
    warnings.push(`model "${model}" is not in the price table (llm_cost.yml); its cost and the suite's total cost are unknown`);
  }
  const withoutUsage = scored2.filter((r) => r.tags.cost_unknown).length;
  if (withoutUsage > 0) warnings.push(`${withoutUsage} response(s) carried no token usage (meta.llmRequests); the total cost is unknown`);
  return {
    metrics,
    warnings,
    breakdowns: {
      missed_instructions_per_criterion: missedPerCriterion(scored2),
      scenarios: perScenario(results),
      cost_per_model: costPerModel(scored2, unknownModels)
    }
  };
}
function sumCost(cases) {
  let total = 0;
  for (const r of cases) {
    if (r.costUsd === null) return null;
    total += r.costUsd;
  }
  return total;
}
function missedPerCriterion(scored2) {
  const out = {};
  for (const r of scored2) {
    for (const entry of r.tags.missed_instructions?.split(",") ?? []) {
      const [criterion, instruction] = entry.split(":");
      out[criterion] ??= {};
      const counts = out[criterion];
      counts[instruction] = (counts[instruction] ?? 0) + 1;
    }
  }
  return out;
}
function perScenario(results) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of results) {
    const key = r.tags.scenario ?? "";
    const group = groups.get(key);
    if (group)
      group.push(r);
    else groups.set(key, [r]);
  }
  const out = {};
  for (const [title, cases] of groups) {
    const scored2 = cases.filter((r) => r.status === "scored");
    const n = scored2.length;
    const count = (key) => scored2.filter((r) => r.metrics[key] === 1).length;
    const mean4 = (key) => n === 0 ? null : scored2.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n;
    const totalCost2 = sumCost(scored2);
    const score = mean4("score");
    out[title] = {
      cases: cases.length,
      scored: n,
      failed: cases.length - n,
      fully_correct: count("fully_correct"),
      score_matched: count("score_match"),
      detected: count("detected"),
      average_score_percent: score === null ? null : score * 100,
      total_cost_usd: totalCost2,
      average_cost_usd: totalCost2 === null || n === 0 ? null : totalCost2 / n,
      average_request_time_ms: mean4("request_time_ms")
    };
  }
  return out;
}
function costPerModel(scored2, unknownModels) {
  const out = {};
  for (const r of scored2) {
    for (const [key, value] of Object.entries(r.metrics)) {
      if (!key.startsWith(MODEL_CALLS_PREFIX)) continue;
      const model = key.slice(MODEL_CALLS_PREFIX.length);
      out[model] ??= { calls: 0, cost_usd: unknownModels.has(model) ? null : 0 };
      const entry = out[model];
      entry.calls += value;
      if (entry.cost_usd !== null) entry.cost_usd += r.metrics[`${MODEL_COST_PREFIX}${model}`] ?? 0;
    }
  }
  return out;
}

// src/suites/sgi/export.ts
import { mkdir as mkdir2, writeFile } from "node:fs/promises";
import path5 from "node:path";
var TEST_CASE_COLUMNS = [
  "Test Case",
  "Test Case Detected Correctly",
  "Test Case Score (%)",
  "Expected Points",
  "Total Returned Points",
  "Cost",
  "Request Time (s)",
  "Wrong < Points",
  "Wrong > Points"
];
async function exportSgiArtifacts(suite, ctx) {
  const cases = suite.cases.filter((c) => c.repeat === 0);
  const titles = [...new Set(cases.map((c) => c.tags.scenario ?? ""))];
  const written = [];
  const write = async (file, text) => {
    await mkdir2(path5.dirname(file), { recursive: true });
    await writeFile(file, redact(text), "utf8");
    written.push(file);
  };
  for (const title of titles) {
    const scored2 = cases.flatMap((c) => (c.tags.scenario ?? "") === title && c.status === "scored" ? toExportCase(c) : []);
    const folder = path5.join(ctx.outDir, "sgi", ctx.runId, safeFolderName(title));
    const summary = summaryRows(scored2);
    await write(
      path5.join(folder, "tables", "scenario_summary.csv"),
      pandasCsv([["Metric", "Value"], ...summary.map(([k, v]) => [k, String(v)])])
    );
    await write(path5.join(folder, "tables", "test_case_results.csv"), testCaseCsv(scored2));
    await write(path5.join(folder, "scenario_results.json"), pythonJsonDumps(Object.fromEntries(summary)));
    for (const c of scored2)
      await write(path5.join(folder, "test_cases", `${c.name}.json`), pythonJsonDumps(testCaseJson(c.testbench, c.returnedAny)));
  }
  return written;
}
function safeFolderName(title) {
  return title.replace(/ /g, "_").replace(/[/\\:*?"<>|]/g, "-") || "scenario";
}
function toExportCase(c) {
  const details = c.details;
  if (!details?.testbench) return [];
  return [
    {
      name: c.caseId.slice(c.caseId.lastIndexOf("/") + 1),
      testbench: details.testbench,
      returnedAny: (details.returned_instructions?.length ?? 0) > 0,
      requestSeconds: (c.metrics.request_time_ms ?? 0) / 1e3,
      costUsd: c.costUsd,
      wrongLess: c.metrics.wrong_less ?? 0,
      wrongMore: c.metrics.wrong_more ?? 0,
      fullyCorrect: c.metrics.fully_correct === 1,
      scoreMatch: c.metrics.score_match === 1
    }
  ];
}
function summaryRows(cases) {
  const n = cases.length;
  const sum2 = (values2) => values2.reduce((total, value) => total + value, 0);
  const count = (test) => cases.filter(test).length;
  const average = (values2) => n > 0 ? sum2(values2) / n : 0;
  const priced = cases.flatMap((c) => c.costUsd === null ? [] : [c.costUsd]);
  const unpriced = n - priced.length;
  const totalCost2 = sum2(priced);
  const detected = count((c) => c.testbench.test_case_detected_correctly);
  return [
    ["Total Cases", n],
    ["Fully Correct Cases", count((c) => c.fullyCorrect)],
    ["Score Matched Count", count((c) => c.scoreMatch)],
    ["Average Test Case Score", pythonFixed(average(cases.map((c) => c.testbench.test_case_score_percent)), 2)],
    ["Correctly Detected Test Cases / Total Cases", `${detected} / ${n}`],
    ["Total Cost", costTotal(totalCost2, unpriced, n)],
    ["Average Cost", costTotal(n > 0 ? totalCost2 / n : 0, unpriced, n)],
    ["Average Request Time (s)", pythonFixed(average(cases.map((c) => c.requestSeconds)), 4)]
  ];
}
function costTotal(value, unpriced, n) {
  if (unpriced === 0) return pythonFixed(value, 4);
  if (unpriced === n) return "unknown";
  return `\u2265 ${pythonFixed(value, 4)}, ${unpriced} case${unpriced === 1 ? "" : "s"} unpriced`;
}
function testCaseCsv(cases) {
  if (cases.length === 0) return pandasCsv([["Wrong < Points", "Wrong > Points"]]);
  const returnedIsFloat = cases.some((c) => c.returnedAny);
  const rows = cases.map((c) => [
    c.name,
    c.testbench.test_case_detected_correctly ? "Yes" : "No",
    pythonFixed(c.testbench.test_case_score_percent, 2),
    pythonFloatRepr(c.testbench.expected_score),
    returnedIsFloat ? pythonFloatRepr(c.testbench.returned_score) : "0",
    c.testbench.cost === void 0 ? "0.0000" : c.costUsd === null ? "unknown" : pythonFixed(c.costUsd, 4),
    pythonFixed(c.requestSeconds, 4),
    String(c.wrongLess),
    String(c.wrongMore)
  ]);
  return pandasCsv([[...TEST_CASE_COLUMNS], ...rows]);
}
function testCaseJson(t, returnedAny) {
  const float = (value) => value === null ? null : new PyFloat(value);
  const instruction = (ref) => ({
    id: ref.id,
    textual_id: ref.textual_id,
    credits: new PyFloat(ref.credits),
    instructionDescription: ref.instructionDescription,
    ..."feedbackDescription" in ref && { feedbackDescription: ref.feedbackDescription ?? null }
  });
  const out = {
    test_case: t.test_case,
    expected_score: new PyFloat(t.expected_score),
    returned_score: returnedAny ? new PyFloat(t.returned_score) : t.returned_score,
    test_case_detected_correctly: t.test_case_detected_correctly,
    test_case_score_percent: new PyFloat(t.test_case_score_percent)
  };
  if (t.cost) {
    out.cost = {
      total_cost: float(t.cost.total_cost),
      total_input_cost: float(t.cost.total_input_cost),
      total_output_cost: float(t.cost.total_output_cost),
      details: t.cost.details.map((d) => ({
        llm: d.llm,
        input_cost: float(d.input_cost),
        output_cost: float(d.output_cost),
        total: float(d.total)
      }))
    };
  }
  if (t.criteria_results.length > 0) {
    out.criteria_results = t.criteria_results.map((r) => ({
      criterion_id: r.criterion_id,
      criterion_textual_id: r.criterion_textual_id,
      mismatch_pairs: r.mismatch_pairs.map((pair) => ({ expected: instruction(pair.expected), received: instruction(pair.received) })),
      missing_instructions: r.missing_instructions.map(instruction),
      extra_instructions: r.extra_instructions.map(instruction)
    }));
  }
  out.feedback = t.feedback.map(snakeCaseFeedback);
  return out;
}
function snakeCaseFeedback(item) {
  const pick3 = (...keys) => {
    for (const key of keys) if (item[key] !== void 0) return item[key];
    return void 0;
  };
  const credits = pick3("credits");
  return {
    id: pick3("id") ?? null,
    title: pick3("title") ?? null,
    description: pick3("description") ?? null,
    credits: new PyFloat(typeof credits === "number" ? credits : Number(credits ?? 0)),
    structured_grading_instruction_id: pick3("structured_grading_instruction_id", "structuredGradingInstructionId") ?? null,
    is_graded: pick3("is_graded", "isGraded") ?? null,
    meta: pick3("meta") ?? {},
    exercise_id: pick3("exercise_id", "exerciseId") ?? null,
    submission_id: pick3("submission_id", "submissionId") ?? null,
    element_ids: pick3("element_ids", "elementIds") ?? [],
    reference: pick3("reference") ?? null
  };
}

// src/suites/sgi/load.ts
import { existsSync as existsSync2 } from "node:fs";
import path7 from "node:path";

// src/suites/sgi/manifest.ts
import { createHash as createHash4 } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir as readdir2, readFile as readFile7, stat as stat2 } from "node:fs/promises";
import path6 from "node:path";
var instructionSchema = object({
  id: string().min(1),
  grading_scale: string().default(""),
  instruction_description: string().default(""),
  feedback: string().default(""),
  credits: number(),
  usage_count: number().int().default(1)
});
var criterionSchema = object({
  id: string().min(1),
  title: string().default(""),
  instructions: array(instructionSchema).min(1)
});
var exerciseSchema = object({
  title: string().min(1),
  type: string().default("modeling"),
  max_points: number(),
  bonus_points: number().default(0),
  grading_instructions: string().optional(),
  problem_statement: string().optional(),
  example_solution: string().optional(),
  meta: record(string(), unknown()).nullable().default({})
});
var manifestSchema = object({
  server_url: string().optional(),
  exercise: exerciseSchema,
  criteria: array(criterionSchema).min(1),
  default_expected: array(string()).default([]),
  test_case_diffs: record(string(), record(string(), string()).nullable()).nullable().default({})
});
function outsideReason(absPath, options) {
  const inside = resolveInside(path6.dirname(absPath), absPath, options.allowedRoot);
  return "error" in inside ? inside.error : void 0;
}
async function discoverScenarioDirs(scenariosPath, options) {
  const info = await stat2(scenariosPath).catch(() => void 0);
  if (!info?.isDirectory()) {
    throw new ScenarioError([{ severity: "error", file: options.display(scenariosPath), message: "scenarios: no such folder" }]);
  }
  if (existsSync(path6.join(scenariosPath, "manifest.yml"))) return [scenariosPath];
  const entries = await readdir2(scenariosPath, { withFileTypes: true });
  const dirs = entries.filter((entry) => entry.isDirectory() && existsSync(path6.join(scenariosPath, entry.name, "manifest.yml"))).map((entry) => path6.join(scenariosPath, entry.name)).sort();
  if (dirs.length === 0) {
    throw new ScenarioError([
      { severity: "error", file: options.display(scenariosPath), message: "scenarios: no manifest.yml in this folder or its subfolders" }
    ]);
  }
  return dirs;
}
async function loadScenario(dir, options) {
  const manifestPath = path6.join(dir, "manifest.yml");
  const manifestFile = options.display(manifestPath);
  const outside = outsideReason(manifestPath, options);
  if (outside) throw new ScenarioError([{ severity: "error", file: manifestFile, message: `manifest.yml: ${outside}` }]);
  const text = await readFile7(manifestPath, "utf8");
  const { yaml, problems: syntaxProblems } = parseLocatedYaml(text, manifestFile);
  if (syntaxProblems.length > 0) throw new ScenarioError(syntaxProblems);
  const parsed = manifestSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, yaml, manifestFile));
  const manifest = parsed.data;
  const problems = [];
  const at = (p) => yaml.lineAt(p);
  const error = (line2, message) => problems.push({ severity: "error", file: manifestFile, line: line2, message });
  const warn = (line2, message) => problems.push({ severity: "warning", file: manifestFile, line: line2, message });
  const { criteria, instructions, byText } = mapIds(manifest.criteria, at, error);
  const defaultExpected = [];
  manifest.default_expected.forEach((textual, i) => {
    const instruction = byText.get(textual);
    if (instruction) defaultExpected.push(instruction.id);
    else error(at(["default_expected", i]), `default_expected: "${textual}" is not an instruction id of any criterion`);
  });
  const testCases = await readTestCases(dir, options, problems);
  const diffs = readDiffs(yaml, manifest.test_case_diffs ?? {}, byText, new Set(defaultExpected), error, warn);
  const withFiles = new Set(testCases.map((tc) => tc.name));
  const withDiffs = new Set(diffs.map((diff) => diff.testCase));
  for (const diff of diffs) {
    if (!withFiles.has(diff.testCase)) {
      warn(diff.line, `test_case_diffs: "${diff.testCase}" has no file test_cases/${diff.testCase}.json; the entry is ignored`);
    }
  }
  const diffsLine = mapEntries(yaml, []).find((entry) => entry.key === "test_case_diffs")?.line;
  for (const tc of testCases) {
    if (!withDiffs.has(tc.name)) {
      warn(
        diffsLine,
        `test case "${tc.name}" (${tc.file}) has no test_case_diffs entry, so every default_expected instruction is expected for it`
      );
    }
  }
  const exampleSolution = await readExampleSolution(
    dir,
    manifest.exercise.example_solution,
    options,
    (message) => error(at(["exercise", "example_solution"]), message)
  );
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new ScenarioError(errors);
  const { example_solution: _named, meta, ...exercise } = manifest.exercise;
  const scenario = {
    name: path6.basename(dir),
    title: manifest.exercise.title,
    manifestFile,
    exercise: {
      id: stableExerciseId(manifest.exercise.title, text),
      ...exercise,
      ...exampleSolution === void 0 ? {} : { example_solution: exampleSolution },
      meta: meta ?? {}
    },
    criteria,
    instructions,
    defaultExpected,
    diffs: diffs.filter((diff) => withFiles.has(diff.testCase)),
    testCases
  };
  return { scenario, warnings: problems };
}
function mapIds(manifestCriteria, at, error) {
  const criteria = [];
  const instructions = [];
  const byText = /* @__PURE__ */ new Map();
  const criterionIds = /* @__PURE__ */ new Map();
  manifestCriteria.forEach((c, ci) => {
    const firstLine = criterionIds.get(c.id);
    if (firstLine !== void 0)
      error(at(["criteria", ci, "id"]), `criteria: duplicate criterion id "${c.id}" (first at line ${firstLine})`);
    else criterionIds.set(c.id, at(["criteria", ci, "id"]) ?? 0);
    const criterion = { id: ci + 1, textualId: c.id, title: c.title, instructionIds: [] };
    c.instructions.forEach((sgi, si) => {
      const line2 = at(["criteria", ci, "instructions", si, "id"]);
      if (byText.has(sgi.id)) {
        error(line2, `criteria.${c.id}: duplicate instruction id "${sgi.id}" (instruction ids must be unique across the scenario)`);
        return;
      }
      const instruction = {
        id: instructions.length + 1,
        textualId: sgi.id,
        criterionId: criterion.id,
        criterionTextualId: c.id,
        credits: sgi.credits,
        gradingScale: sgi.grading_scale,
        instructionDescription: sgi.instruction_description,
        feedback: sgi.feedback,
        usageCount: sgi.usage_count
      };
      instructions.push(instruction);
      byText.set(sgi.id, instruction);
      criterion.instructionIds.push(instruction.id);
    });
    criteria.push(criterion);
  });
  return { criteria, instructions, byText };
}
function readDiffs(yaml, diffsByKey, byText, defaultExpected, error, warn) {
  const diffs = [];
  for (const keyEntry of mapEntries(yaml, ["test_case_diffs"])) {
    const key = byText.get(keyEntry.key);
    if (!key) {
      error(keyEntry.line, `test_case_diffs: "${keyEntry.key}" is not an instruction id of any criterion`);
      continue;
    }
    if (!defaultExpected.has(key.id)) {
      warn(
        keyEntry.line,
        `test_case_diffs: "${keyEntry.key}" is not in default_expected, so its replacements never enter the expected list`
      );
    }
    if (!diffsByKey[keyEntry.key]) continue;
    for (const entry of mapEntries(yaml, ["test_case_diffs", keyEntry.key])) {
      const replacement = byText.get(String(entry.value));
      if (!replacement) {
        error(
          entry.line,
          `test_case_diffs.${keyEntry.key}.${entry.key}: "${String(entry.value)}" is not an instruction id of any criterion`
        );
        continue;
      }
      diffs.push({ key: key.id, testCase: entry.key, replacement: replacement.id, line: entry.line });
    }
  }
  return diffs;
}
async function readTestCases(dir, options, problems) {
  const folder = path6.join(dir, "test_cases");
  const names = existsSync(folder) ? (await readdir2(folder)).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).sort() : [];
  if (names.length === 0) {
    problems.push({ severity: "error", file: options.display(folder), message: "no test_cases/*.json files" });
  }
  const testCases = [];
  for (const [index, name] of names.entries()) {
    const absFile = path6.join(folder, `${name}.json`);
    const file = options.display(absFile);
    const outside = outsideReason(absFile, options);
    if (outside) {
      problems.push({ severity: "error", file, message: `test case file: ${outside}` });
      continue;
    }
    try {
      const diagram = JSON.parse(await readFile7(absFile, "utf8"));
      if (typeof diagram !== "object" || diagram === null || Array.isArray(diagram)) throw new Error("not a JSON object");
      testCases.push({ name, file, submissionId: index, model: JSON.stringify(diagram) });
    } catch (cause) {
      problems.push({ severity: "error", file, message: `not a diagram JSON file: ${excerpt(cause.message, 100)}` });
    }
  }
  return testCases;
}
async function readExampleSolution(dir, value, options, error) {
  if (value === void 0) return void 0;
  const candidate = path6.join(dir, value);
  if (existsSync(candidate) && !value.trim().startsWith("{")) {
    const outside = outsideReason(candidate, options);
    if (outside) {
      error(`exercise.example_solution: ${outside}`);
      return void 0;
    }
    return readFile7(candidate, "utf8");
  }
  if (/\.json$/i.test(value.trim())) {
    error(`exercise.example_solution: file ${options.display(candidate)} does not exist`);
    return void 0;
  }
  return value;
}
function stableExerciseId(title, manifestText) {
  const digest = createHash4("sha256").update(title).update("\0").update(manifestText).digest();
  return digest.readUInt32BE(0) % (2 ** 31 - 1);
}

// src/suites/sgi/load.ts
async function loadSgiSuite(ctx) {
  const display2 = (absPath) => path7.relative(ctx.rootDir, absPath).split(path7.sep).join("/") || ".";
  const options = { display: display2, ...ctx.allowedRoot !== void 0 ? { allowedRoot: ctx.allowedRoot } : {} };
  const scenariosPath = path7.resolve(ctx.configDir, ctx.options.scenarios);
  const warnings = [];
  const dirs = await discoverScenarioDirs(scenariosPath, options);
  const scenarios = [];
  const errors = [];
  for (const dir of dirs) {
    try {
      const { scenario, warnings: found } = await loadScenario(dir, options);
      scenarios.push(scenario);
      warnings.push(...found.map((p) => `${formatProblem(p)}`));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      errors.push(...error.problems);
    }
  }
  const titles = /* @__PURE__ */ new Map();
  for (const scenario of scenarios) {
    const first = titles.get(scenario.title);
    if (first) {
      errors.push({
        severity: "error",
        file: scenario.manifestFile,
        message: `exercise.title "${scenario.title}" is also the title of ${first.manifestFile}; titles name the result folders and must differ`
      });
    }
    titles.set(scenario.title, scenario);
  }
  const prices = await resolvePriceTable(ctx.options.costs, ctx.configDir, scenariosPath, display2, warnings).catch((error) => {
    if (error instanceof ScenarioError) errors.push(...error.problems);
    else throw error;
    return null;
  });
  if (errors.length > 0) throw new ScenarioError(errors);
  const cases = [];
  for (const scenario of scenarios) {
    for (const testCase of scenario.testCases) {
      const diffLine = scenario.diffs.find((diff) => diff.testCase === testCase.name)?.line;
      cases.push({
        id: `${scenario.name}/${testCase.name}`,
        title: `${scenario.name}/${testCase.name}`,
        source: diffLine === void 0 ? { file: testCase.file } : { file: scenario.manifestFile, line: diffLine },
        input: { scenario, testCase, prices }
      });
    }
  }
  return { cases, warnings };
}
async function resolvePriceTable(costs, configDir, scenariosPath, display2, warnings) {
  if (costs) {
    const absPath = path7.resolve(configDir, costs);
    return loadPriceTable(absPath, display2(absPath));
  }
  for (const candidate of [path7.join(scenariosPath, "llm_cost.yml"), path7.join(path7.dirname(scenariosPath), "llm_cost.yml")]) {
    if (existsSync2(candidate)) return loadPriceTable(candidate, display2(candidate));
  }
  warnings.push(`${display2(scenariosPath)}: no llm_cost.yml price table (set costs:); every cost is reported as unknown`);
  return null;
}

// src/suites/sgi/index.ts
var sgiSuite = {
  kind: "sgi",
  load: loadSgiSuite,
  modelsUsed: (options) => [options.target],
  runCase: runSgiCase,
  aggregate: (results) => aggregateSgi(results),
  wantsArtifacts: (options) => options.export,
  exportArtifacts: (suite, ctx) => exportSgiArtifacts(suite, ctx)
};

// src/suites/index.ts
var suiteKinds = {
  judged: judgedSuite,
  sgi: sgiSuite,
  "function-calls": functionCallSuite,
  conversations: conversationsSuite
};

// src/engine/cost-total.ts
function countUnpricedCases(cases) {
  return cases.filter((c) => c.costUsd === null && c.requests > 0).length;
}
function sumUnpriced(suites) {
  return suites.reduce((n, suite) => n + (suite.unpricedCases ?? 0), 0);
}
function unpricedField(count) {
  return count > 0 ? { unpricedCases: count } : {};
}

// src/report/format.ts
var MINUS = "\u2212";
function formatValue(value, unit) {
  if (value === null || !Number.isFinite(value)) return "\u2014";
  switch (unit) {
    case "usd":
      return `$${Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(4)}`;
    case "ms":
      return Math.abs(value) >= 1e3 ? `${(value / 1e3).toFixed(1)} s` : `${Math.round(value)} ms`;
    case "count":
      return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(1);
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}
function signed(text, negative) {
  return `${negative ? MINUS : "+"}${text}`;
}
function formatPercentChange(rel) {
  return signed(`${Math.abs(rel * 100).toFixed(1)}%`, rel < 0);
}
function formatDelta(row) {
  if (row.delta === null) return "\u2014";
  if (Math.abs(row.delta) < 1e-12) return "\xB10";
  const absolute = signed(formatValue(Math.abs(row.delta), row.unit), row.delta < 0);
  return row.relDelta === null ? absolute : `${absolute} (${formatPercentChange(row.relDelta)})`;
}
function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "\u2014";
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1e3);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
function formatCost(usd, unpricedCases = 0) {
  if (usd === null) return "cost unknown";
  const amount = `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
  if (unpricedCases <= 0) return amount;
  return `\u2265 ${amount}, ${unpricedCases} case${unpricedCases === 1 ? "" : "s"} unpriced`;
}
function formatCostTotal(suites) {
  const known = suites.map((suite) => suite.costUsd).filter((cost) => cost !== null);
  return formatCost(known.length ? known.reduce((a, b) => a + b, 0) : null, sumUnpriced(suites));
}
var STATUS_LABEL = {
  pass: "\u2705 pass",
  fail: "\u274C fail",
  new: "\u{1F195} new",
  noise: "\u3030\uFE0F noise",
  info: "\xB7 reported",
  error: "\u26A0\uFE0F error"
};
function shortSha(sha) {
  return sha ? sha.slice(0, 7) : void 0;
}

// src/util/stats.ts
function mean3(values2) {
  let sum2 = 0;
  for (const value of values2) sum2 += value;
  return values2.length ? sum2 / values2.length : Number.NaN;
}
function populationSd(values2) {
  if (values2.length < 2) return 0;
  const m = mean3(values2);
  return Math.sqrt(mean3(values2.map((value) => (value - m) ** 2)));
}

export {
  require_dist,
  loadConfig,
  parseConfig,
  closest,
  matchGlob,
  EndpointError,
  isEndpointError,
  parseJsonKeepingNumbers,
  stringifyKeepingNumbers,
  parseToolArguments,
  serializeToolArguments,
  normalizeToolCalls,
  isPlainObject2 as isPlainObject,
  containmentRoot,
  resolveInside,
  MAX_RETRY_AFTER_MS,
  classifyOutcome,
  parseRetryAfter,
  retryDelay,
  suiteKinds,
  RESULTS_SCHEMA,
  writeResultsFile,
  ResultsFileError,
  readResultsFile,
  countUnpricedCases,
  sumUnpriced,
  unpricedField,
  formatValue,
  formatDelta,
  formatDuration,
  formatCost,
  formatCostTotal,
  STATUS_LABEL,
  shortSha,
  mean3 as mean,
  populationSd
};
