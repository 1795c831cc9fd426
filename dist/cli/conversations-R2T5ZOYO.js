#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  metricItemSchema
} from "./chunk-UG2LRVHV.js";
import {
  parsePositionedYaml,
  require_dist,
  yamlProblems
} from "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import {
  readJsonLines
} from "./chunk-E5GWIHKE.js";
import {
  isEndpointError
} from "./chunk-GMEJ4PAQ.js";
import {
  checkStreamedFile,
  describeReadError,
  withLoadWarnings
} from "./chunk-GGGSQSPQ.js";
import {
  matchGlob
} from "./chunk-3TT36F2J.js";
import {
  redact
} from "./chunk-WFVRFHK2.js";
import {
  ConfigError
} from "./chunk-UZVVKZBF.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-WNP4D27T.js";

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
    const scored = group.filter((row) => row.normalized !== null);
    for (const row of group) {
      if (row.skipped) add(`${key}${SEP}${SEP}skipped`, 1);
      else if (row.error) add(`${key}${SEP}${SEP}errors`, 1);
      else if (row.type === "rubric" && row.value === null) add(`${key}${SEP}${SEP}invalid`, 1);
    }
    if (scored.length > 0) out[key] = scored.reduce((sum, row) => sum + row.normalized, 0) / scored.length;
    const byRole = /* @__PURE__ */ new Map();
    for (const row of scored) byRole.set(safeRole(row.role), [...byRole.get(safeRole(row.role)) ?? [], row.normalized]);
    for (const [role2, values] of byRole) {
      out[`${key}${SEP}${role2}${SEP}n`] = values.length;
      out[`${key}${SEP}${role2}${SEP}sum`] = values.reduce((a, b) => a + b, 0);
      out[`${key}${SEP}${role2}${SEP}min`] = Math.min(...values);
      out[`${key}${SEP}${role2}${SEP}max`] = Math.max(...values);
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
      const stat = name.slice(last + 1);
      let stats = pooled2.get(key);
      if (!stats) {
        stats = { rubric: false, skipped: 0, invalid: 0, errors: 0, roles: /* @__PURE__ */ new Map() };
        pooled2.set(key, stats);
      }
      if (role === "") {
        if (stat === "rubric") stats.rubric = true;
        else if (stat === "skipped" || stat === "invalid" || stat === "errors") stats[stat] += value;
        continue;
      }
      const r = stats.roles.get(role) ?? { n: 0, sum: 0, min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
      if (stat === "n") r.n += value;
      else if (stat === "sum") r.sum += value;
      else if (stat === "min") r.min = Math.min(r.min, value);
      else if (stat === "max") r.max = Math.max(r.max, value);
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
  const n = roles.reduce((sum, r) => sum + r.n, 0);
  return { n, mean: n > 0 ? roles.reduce((sum, r) => sum + r.sum, 0) / n : null };
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
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

// src/suites/conversations/flexeval-evals.ts
var import_yaml = __toESM(require_dist(), 1);
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
  const yaml = parsePositionedYaml(text);
  const syntax = yamlProblems(yaml, file);
  if (syntax.length > 0) return { problems: syntax };
  const { contents } = yaml.doc;
  if (!(0, import_yaml.isMap)(contents)) return { problems: [{ file, line: 1, message: "expected a map of eval name \u2192 eval" }] };
  const pair = contents.items.find((item) => (0, import_yaml.isScalar)(item.key) && String(item.key.value) === evalName);
  if (!pair) {
    const names = contents.items.map((item) => (0, import_yaml.isScalar)(item.key) ? String(item.key.value) : "?");
    return { problems: [{ file, field: evalName, message: `no eval "${evalName}" in this file (evals: ${names.join(", ")})` }] };
  }
  const line2 = yaml.positionOfNode(pair)?.line ?? 1;
  const value = yaml.value[evalName];
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
  const values = (0, import_normalize_strings.default)(String(value)).toLowerCase().replace(/['’]/g, "").split(/\b/g);
  let index = -1;
  let sum = 0;
  while (++index < values.length) {
    sum += one(values[index].replace(/[^a-z]/g, ""));
  }
  return sum;
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
  return listWords(text.toLowerCase()).reduce((sum, word) => sum + wordSyllables(word), 0);
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
function messagesOf(object) {
  if (object.level === "Thread" || object.level === "Turn") return object.messages;
  if (object.level === "Message") return [object];
  return [];
}
function toolCallsOf(object) {
  return object.level === "ToolCall" ? [object] : object.toolCalls;
}
function textOf(object) {
  return object.level === "ToolCall" ? object.response ?? "" : object.content;
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
function latency(object, thread) {
  if (object.level === "Thread") {
    const times = thread.messages.map(messageTime);
    if (times.some((t) => t === null) || times.length === 0) return null;
    return (times[times.length - 1] - times[0]) / 1e3;
  }
  const last = object.level === "Turn" ? object.messages[object.messages.length - 1] : object;
  if (!last) return null;
  const time = messageTime(last);
  if (time === null) return null;
  const previous = thread.messages[last.index - (object.level === "Turn" ? object.messages.length : 1)];
  if (!previous) return 0;
  const before = messageTime(previous);
  return before === null ? null : (time - before) / 1e3;
}
var BUILTIN_FUNCTIONS = {
  identity: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object) => ({ object_type: { Thread: 0, Turn: 1, Message: 2, ToolCall: 3 }[object.level] })
  },
  constant: { levels: ["Thread", "Turn", "Message", "ToolCall"], fn: (_o, kwargs) => numberOr(kwargs["response"]) ?? 0 },
  is_role: {
    levels: ["Turn", "Message"],
    requires: ["role"],
    fn: (object, kwargs) => ({ [String(kwargs["role"])]: object.role === kwargs["role"] ? 1 : 0 })
  },
  index_in_thread: { levels: ["Turn", "Message"], fn: (object) => object.index },
  is_last_turn_in_thread: { levels: ["Turn"], fn: (object) => object.isLast ? 1 : 0 },
  message_matches_regex: {
    levels: ["Message"],
    requires: ["expression"],
    fn: (object, kwargs) => {
      const { key, pattern } = regexKwarg(kwargs);
      return { [key]: countMatches(object.content, pattern) };
    }
  },
  count_of_parts_matching_regex: {
    levels: TEXT_LEVELS,
    requires: ["expression"],
    fn: (object, kwargs) => {
      const { key, pattern } = regexKwarg(kwargs);
      return { [key]: messagesOf(object).reduce((sum, m) => sum + countMatches(m.content, pattern), 0) };
    }
  },
  tool_was_called: { levels: TEXT_LEVELS, fn: (object) => toolCallsOf(object).length > 0 ? 1 : 0 },
  count_tool_calls: { levels: TEXT_LEVELS, fn: (object) => toolCallsOf(object).length },
  count_tool_calls_by_name: {
    levels: ["Thread", "Turn", "Message", "ToolCall"],
    fn: (object) => {
      const counts = {};
      for (const call of toolCallsOf(object)) counts[call.name] = (counts[call.name] ?? 0) + 1;
      return counts;
    }
  },
  count_numeric_tool_call_params_by_name: {
    levels: ["ToolCall"],
    fn: (object) => Object.entries(object.arguments).flatMap(([name, value]) => {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? [{ name, value: n }] : [];
    })
  },
  count_llm_models: {
    levels: ["Thread"],
    // Messages per model, from a message's model_name (or model) key.
    fn: (object) => {
      const counts = {};
      for (const message of object.messages) {
        const model = message.metadata["model_name"] ?? message.metadata["model"];
        if (typeof model === "string") counts[model] = (counts[model] ?? 0) + 1;
      }
      return counts;
    }
  },
  count_messages: { levels: ["Thread", "Turn"], fn: (object) => object.messages.length },
  count_turns: { levels: ["Thread"], fn: (object) => object.turns.length },
  count_messages_per_role: {
    levels: ["Thread", "Turn"],
    fn: (object) => {
      const counts = {};
      for (const message of object.messages) counts[message.role] = (counts[message.role] ?? 0) + 1;
      return counts;
    }
  },
  count_emojis: { levels: TEXT_LEVELS, fn: (object) => countEmojis(textOf(object)) },
  string_length: {
    levels: TEXT_LEVELS,
    // FlexEval sums the lengths of the messages' contents (no newline between them). Length in
    // UTF-16 code units, as JavaScript counts; Python counts code points (see README).
    fn: (object) => messagesOf(object).reduce((sum, m) => sum + m.content.length, 0)
  },
  flesch_reading_ease: { levels: TEXT_LEVELS, fn: (object) => fleschReadingEase(textOf(object)) },
  flesch_kincaid_grade: { levels: TEXT_LEVELS, fn: (object) => fleschKincaidGrade(textOf(object)) },
  count_tokens: {
    levels: TEXT_LEVELS,
    fn: (object) => {
      let prompt = 0;
      let completion = 0;
      for (const message of messagesOf(object)) {
        const tokens = messageTokens(message);
        prompt += tokens.prompt;
        completion += tokens.completion;
      }
      return { prompt_tokens: prompt, completion_tokens: completion };
    }
  },
  latency: { levels: TEXT_LEVELS, fn: (object, _kwargs, thread) => latency(object, thread) }
};
function readMetricReturn(functionName, result) {
  const toNumber = (value, where) => {
    if (value === null || value === void 0) return null;
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "number" && !Number.isNaN(value)) return value;
    throw new Error(`${where} returned ${JSON.stringify(value)}, not a number`);
  };
  if (typeof result === "number" || typeof result === "boolean" || result === null || result === void 0) {
    return [{ name: functionName, value: toNumber(result, functionName) }];
  }
  if (Array.isArray(result)) {
    return result.map((entry, i) => {
      if (typeof entry !== "object" || entry === null || typeof entry.name !== "string") {
        throw new Error(`${functionName} returned a list whose item ${i} is not {name, value}`);
      }
      const { name, value } = entry;
      return { name, value: toNumber(value, `${functionName} (${name})`) };
    });
  }
  if (typeof result === "object") {
    return Object.entries(result).map(([name, value]) => ({
      name,
      value: toNumber(value, `${functionName} (${name})`)
    }));
  }
  throw new Error(`${functionName} returned ${typeof result}; expected a number, a record or a list of {name, value}`);
}

// src/suites/conversations/rubrics.ts
var import_yaml2 = __toESM(require_dist(), 1);
function parseRubricFile(text, file) {
  const yaml = parsePositionedYaml(text);
  const problems = yamlProblems(yaml, file);
  const rubrics = /* @__PURE__ */ new Map();
  if (problems.length > 0) return { rubrics, problems };
  const { contents } = yaml.doc;
  if (!(0, import_yaml2.isMap)(contents)) {
    problems.push({ file, line: 1, message: "expected a map of rubric name \u2192 {prompt, choice_scores}" });
    return { rubrics, problems };
  }
  const values = yaml.value;
  for (const pair of contents.items) {
    const key = (0, import_yaml2.isScalar)(pair.key) ? String(pair.key.value) : String(pair.key);
    const line2 = yaml.positionOfNode(pair)?.line ?? 1;
    const value = values[key] ?? null;
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
function fillPrompt(prompt, values) {
  return prompt.replace(
    /\{\{|\}\}|\{(conversation|context|content|completion|tool_calls)\}/g,
    (match, name) => name ? values[name] : match[0]
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
  const values = choiceScores.map(([, s]) => s);
  const min = Math.min(...values);
  const max = Math.max(...values);
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
    const object = {
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
      object.toolCalls.push(toolCall);
      turn.toolCalls.push(toolCall);
      toolCalls.push(toolCall);
    }
    if (message.toolCallId !== void 0) {
      const answered = toolCalls.find((call) => call.id === message.toolCallId);
      if (answered) answered.response = message.content;
    }
    turn.messages.push(object);
    turn.role = message.role;
    messages.push(object);
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
function containerAt(thread, object, level) {
  if (level === object.level) return object;
  if (level === "Thread") return thread;
  if (level === "Turn") {
    if (object.level === "Message" || object.level === "ToolCall") return thread.turns[object.turnIndex];
  }
  if (level === "Message" && object.level === "ToolCall") return thread.messages[object.messageIndex];
  throw new Error(`a ${object.level} is not inside a ${level}`);
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
function planMetrics(items, sources) {
  const problems = [];
  const all = [
    ...items.function.map((item, i) => ({ item, type: "function", i })),
    ...items.rubric.map((item, i) => ({ item, type: "rubric", i }))
  ];
  const problem = (type, i, rest, message) => {
    const offset = sources.evalsWhere?.offset[type];
    const fromEvals = offset !== void 0 && i >= offset;
    const where = fromEvals ? sources.evalsWhere.place : sources.where;
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
      const spec = sources.functions.get(item.name);
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
      const rubric = sources.rubrics.get(item.name);
      if (!rubric) {
        const known = [...sources.rubrics.keys()];
        problem(type, i, ["name"], `unknown rubric "${item.name}" (rubrics files define: ${known.join(", ") || "none"})`);
        continue;
      }
      if (!RUBRIC_LEVELS.includes(item.level)) problem(type, i, ["level"], `rubrics grade a Thread, Turn or Message, not a ${item.level}`);
      if (usesPlaceholder(rubric.prompt, "completion") && sources.mode !== "completion") {
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
  const visit = (m) => {
    if (state.get(m.id) === "done") return true;
    if (state.get(m.id) === "visiting") return false;
    state.set(m.id, "visiting");
    for (const dep of m.dependsOn) if (!visit(metrics[dep.parent])) return false;
    state.set(m.id, "done");
    ordered.push(m);
    return true;
  };
  for (const m of metrics) {
    if (!visit(m)) {
      problems.push({
        file: sources.where.file,
        field: sources.where.path.join("."),
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
  return path.relative(rootDir, absolute).split(path.sep).join("/") || absolute;
}
async function resolveDataset(pattern, configDir) {
  const absolute = path.resolve(configDir, pattern);
  const base = path.basename(absolute);
  if (!/[*?]/.test(base)) return [absolute];
  const dir = path.dirname(absolute);
  const names = await readdir(dir);
  return names.filter((name) => matchGlob(base, name)).sort().map((name) => path.join(dir, name));
}
function unusable(place, what, absolute, problem) {
  return new ConfigError([{ ...place, message: `${what} ${absolute} ${problem.missing ? "does not exist" : problem.message}` }]);
}
async function readText(absolute, file, place, what, badLines) {
  const read = await badLines.readWhole(absolute, file, "a YAML file");
  if ("problem" in read) throw unusable(place, what, absolute, read.problem);
  return read.text;
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
function loadConversationsSuite(ctx) {
  return withLoadWarnings((badLines, warnings) => readConversationsSuite(ctx, badLines, warnings));
}
async function readConversationsSuite(ctx, badLines, warnings) {
  const { options, suiteName } = ctx;
  const configFile = ctx.configFile ?? "evalgate.yml";
  const field = (...names) => {
    const line2 = ctx.lineOf?.(["suites", suiteName, ...names]);
    return { file: configFile, ...line2 ? { line: line2 } : {}, field: `suites.${suiteName}.${names.join(".")}` };
  };
  const rubrics = /* @__PURE__ */ new Map();
  const problems = [];
  for (const rubricPath of list(options.rubrics)) {
    const absolute = path.resolve(ctx.configDir, rubricPath);
    const file = display(ctx.rootDir, absolute);
    const parsed = parseRubricFile(await readText(absolute, file, field("rubrics"), "the rubrics file", badLines), file);
    problems.push(...parsed.problems);
    for (const [name, rubric] of parsed.rubrics) {
      if (rubrics.has(name))
        warnings.push({ file, line: rubric.line, message: `rubric "${name}" is defined again; the first definition is used` });
      else rubrics.set(name, rubric);
    }
  }
  const functions = new Map(Object.entries(BUILTIN_FUNCTIONS));
  for (const modulePath of list(options.functions)) {
    for (const [name, spec] of await loadFunctionModule(path.resolve(ctx.configDir, modulePath), field("functions"))) {
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
    const absolute = path.resolve(ctx.configDir, options.flexeval.evals);
    const file = display(ctx.rootDir, absolute);
    const text = await readText(absolute, file, field("flexeval", "evals"), "the evals file", badLines);
    const read = readFlexEvalEval(text, file, options.flexeval.eval);
    problems.push(...read.problems);
    if (read.eval) {
      if (read.eval.doCompletion && options.mode !== "completion")
        warnings.push({
          file,
          message: `eval "${options.flexeval.eval}" sets do_completion; set mode: completion and a target to ask for completions`
        });
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
      const unreadable = await checkStreamedFile(absolute, "a JSONL file");
      if (unreadable) throw unusable(field("dataset"), "the dataset", absolute, unreadable);
      const checker = badLines.checkerFor(file);
      try {
        for await (const { line: line2, raw } of readJsonLines(absolute, (text) => text, checker)) {
          const parsed = parseThreadLine(raw, file, line2);
          if ("problems" in parsed) {
            problems.push(...parsed.problems);
            continue;
          }
          const hash = shortHash(raw);
          const count = (seen.get(`${file}/${hash}`) ?? 0) + 1;
          seen.set(`${file}/${hash}`, count);
          const firstUser = parsed.thread.messages.find((m) => m.role === "user")?.content ?? parsed.thread.messages[0]?.content ?? "";
          cases.push({
            id: `${path.basename(file)}/${hash}${count > 1 ? `-${count}` : ""}`,
            title: `${path.basename(file)}:${line2} ${firstUser.replace(/\s+/g, " ").slice(0, 60)}`.trim(),
            source: { file, line: line2 },
            position: cases.length + 1,
            input: { thread: parsed.thread, file, line: line2, plan }
          });
        }
      } catch (error) {
        if (!error.code) throw error;
        throw unusable(field("dataset"), "the dataset", absolute, { message: describeReadError(error) });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (cases.length === 0) warnings.push({ file: list(options.dataset).join(", "), message: "no conversations" });
  return { cases };
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
function rubricValues(object, thread) {
  let context;
  let content;
  if (object.level === "Thread") {
    context = thread.messages.slice(0, -1).map(line).join("");
    const last = thread.messages[thread.messages.length - 1];
    content = last ? line(last) : "";
  } else if (object.level === "Turn") {
    const first = object.messages[0]?.index ?? 0;
    context = thread.messages.slice(0, first).filter((m) => m.content.length > 0).map(line).join("");
    content = object.messages.filter((m) => m.content.length > 0).map(line).join("");
  } else if (object.level === "Message") {
    context = thread.messages.slice(0, object.index).map(line).join("");
    content = object.content;
  } else {
    context = thread.messages.slice(0, object.messageIndex + 1).map(line).join("");
    content = object.response ?? "";
  }
  const calls = object.level === "ToolCall" ? [object] : object.toolCalls;
  return { conversation: context + content, context, content, completion: content, tool_calls: toolCallText(calls) };
}
function holdsCompletion(object, thread) {
  switch (object.level) {
    case "Thread":
      return true;
    case "Turn":
      return object.messages.some((m) => m.isCompletion);
    case "Message":
      return object.isCompletion;
    case "ToolCall":
      return thread.messages[object.messageIndex]?.isCompletion ?? false;
  }
}
var indexKey = (metricId, level, object) => `${metricId}|${level}|${object}`;
function dependenciesMet(metric, object, thread, values) {
  for (const dep of metric.dependsOn) {
    const container = containerAt(thread, object, dep.level);
    const target = container.index + dep.relativePosition;
    if (target < 0) return false;
    const value = values.get(indexKey(dep.parent, dep.level, target))?.get(dep.metricName);
    if (value === null || value === void 0 || value < dep.min || value > dep.max) return false;
  }
  return true;
}
async function grade(metric, object, thread, base, ctx) {
  const rubric = metric.rubric;
  const prompt = fillPrompt(rubric.prompt, rubricValues(object, thread));
  const row = { ...base, metric: metric.evaluation, value: null, normalized: null };
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
async function compute(metric, object, thread, values, ctx) {
  const role = object.level === "Thread" ? "thread" : object.role;
  const base = { evaluation: metric.evaluation, type: metric.type, level: metric.level, object: object.index, role, kwargs: metric.kwargs };
  if (!dependenciesMet(metric, object, thread, values)) {
    return {
      rows: [{ ...base, metric: metric.evaluation, value: null, normalized: null, skipped: true }],
      requests: 0,
      cost: 0
    };
  }
  if (metric.type === "rubric") {
    const graded = await grade(metric, object, thread, base, ctx);
    values.set(indexKey(metric.id, metric.level, object.index), /* @__PURE__ */ new Map([[metric.evaluation, graded.row.value]]));
    return { rows: [graded.row], requests: graded.requests, cost: graded.cost };
  }
  try {
    const result = await metric.function.fn(object, metric.kwargs, thread);
    const named = readMetricReturn(metric.evaluation, result);
    values.set(indexKey(metric.id, metric.level, object.index), new Map(named.map((v) => [v.name, v.value])));
    return { rows: named.map((v) => ({ ...base, metric: v.name, value: v.value, normalized: v.value })), requests: 0, cost: 0 };
  } catch (error) {
    const message = redact(error instanceof Error ? error.message : String(error));
    return {
      rows: [{ ...base, metric: metric.evaluation, value: null, normalized: null, error: { kind: "metric", message } }],
      requests: 0,
      cost: 0
    };
  }
}
async function evaluateThread(thread, metrics, ctx) {
  const values = /* @__PURE__ */ new Map();
  const rows = [];
  let requests = 0;
  let cost = 0;
  for (const metric of metrics) {
    const objects = objectsAt(thread, metric.level).filter(
      (object) => !ctx.completionOnly || metric.type === "function" || holdsCompletion(object, thread)
    );
    const results = await Promise.all(objects.map((object) => compute(metric, object, thread, values, ctx)));
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
export {
  conversationsSuite
};
