/* global window, document, localStorage, MutationObserver, crypto */
/**
 * Image experiments on the storefront: runs in the head, before the body is parsed.
 * The app embed's Liquid has put the page's experiments in #productai-experiments as
 * [[productId, {v, experiment, arms: [{arm, image, media}], weights}], ...], the control first.
 *
 * Consent first. A visitor's record (a random id and its arm per experiment, in localStorage)
 * is written only once Shopify's Customer Privacy API says analytics is allowed. That API is
 * loaded asynchronously (`Shopify.loadFeatures`), usually after the first paint, so:
 *  - API there and analytics allowed: arms drawn (or kept) and shown now;
 *  - API there and refused: the record is deleted, nothing shown, stored or published;
 *  - API not there yet, a record: consent was given on an earlier page, so its arms are shown
 *    now; their exposures wait for the API's word, and a refusal deletes the record instead;
 *  - API not there yet, no record (a first page view): the control images now, and once the API
 *    allows analytics, arms drawn and kept for the next pages, nothing published for this one
 *    (the visitor saw the control, whatever its arm): a visitor counts from its second page on,
 *    in both arms alike.
 * An arm is drawn by the weights once and kept while the experiment runs. Every <img> and
 * <source> the parser adds whose URL names the control's file is pointed at the arm's image (the
 * theme's size parameters kept) before it is painted: a mutation observer's callback runs before
 * the parser's task ends, and a page is only painted between tasks. The element, its width,
 * height and aspect ratio are the theme's own, so nothing moves. Each experiment whose image is
 * on the page is an exposure, published once per page for the web pixel
 * (extensions/experiments-pixel).
 *
 * Dependency-free, ES2017 once built, within 3 KB gzipped inline
 * (bench/experiments/storefront-size.ts).
 */
(function () {
  var KEY = 'productai-experiments';
  /** Experiments a visitor's record keeps: older ones have ended. */
  var KEPT = 20;
  var shopify = window.Shopify || {};
  var data = document.getElementById('productai-experiments');
  if (!data) return;
  var experiments = JSON.parse(data.textContent);

  /** True or false once the API is loaded, undefined until then. */
  function allowed() {
    var privacy = shopify.customerPrivacy;
    return privacy ? privacy.analyticsProcessingAllowed() : undefined;
  }

  /** The visitor's record: its id and its arm per experiment, or null. */
  function read() {
    try {
      return JSON.parse(localStorage.getItem(KEY) || 'null');
    } catch {
      return null;
    }
  }

  var saved = read();
  var consent = allowed();
  if (consent === false) return forget();
  if (consent === undefined && !saved) {
    whenDecided(function (given) {
      if (given) assign(read());
    });
    return;
  }

  var swaps = assign(saved);
  var exposed = [];
  var published = {};
  var confirmed = false;
  var parsed = false;

  /** The page's arms from the visitor's record (drawn where it has none), and the record kept. */
  function assign(record) {
    var visitor = record && record.visitor;
    var arms = (record && record.arms) || {};
    if (!visitor) {
      var bytes = crypto.getRandomValues(new Uint8Array(16));
      visitor = 'v';
      for (var i = 0; i < bytes.length; i++) visitor += (bytes[i] + 256).toString(16).slice(1);
    }
    /** The control image's file name -> what shows instead, and who is exposed. */
    var found = {};
    experiments.forEach(function (pair) {
      var live = pair[1];
      if (live.v !== 1) return;
      var names = live.arms.map(function (arm) {
        return arm.arm;
      });
      var arm = arms[live.experiment];
      if (names.indexOf(arm) < 0) {
        var total = live.weights.reduce(function (sum, weight) {
          return sum + weight;
        }, 0);
        var draw = Math.random() * total;
        for (var index = 0; draw >= live.weights[index] && index < names.length - 1; index++)
          draw -= live.weights[index];
        arm = names[index];
      }
      delete arms[live.experiment];
      arms[live.experiment] = arm;
      found[fileName(live.arms[0].image)] = {
        // The control's visitors keep the theme's own URL.
        image: arm === names[0] ? null : live.arms[names.indexOf(arm)].image,
        exposure: {
          experiment: live.experiment,
          arm: arm,
          visitor: visitor,
          product: String(pair[0]),
        },
      };
    });
    var kept = Object.keys(arms);
    kept.slice(0, Math.max(0, kept.length - KEPT)).forEach(function (old) {
      delete arms[old];
    });
    try {
      localStorage.setItem(KEY, JSON.stringify({ visitor: visitor, arms: arms }));
    } catch {
      // Storage full or refused: the arms hold for this page only.
    }
    return found;
  }

  function forget() {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing was kept.
    }
  }

  /** Calls `then` with the visitor's analytics consent once Shopify's API can say it. */
  function whenDecided(then) {
    var decided = false;
    function check() {
      var given = allowed();
      if (given === undefined || decided) return;
      decided = true;
      then(given);
    }
    document.addEventListener('visitorConsentCollected', check);
    if (shopify.loadFeatures)
      shopify.loadFeatures([{ name: 'consent-tracking-api', version: '0.1' }], check);
  }

  function fileName(url) {
    return url.split(/[?#]/)[0].split('/').pop();
  }

  /** The URL to show for `url`: the arm's image with `url`'s size and crop, or `url` itself. */
  function swap(url) {
    var found = swaps[fileName(url)];
    if (!found) return url;
    exposed.push(found.exposure);
    if (!found.image) return url;
    var query = url.split('#')[0].split('?')[1];
    var target = found.image.split('#')[0];
    (query ? query.split('&') : []).forEach(function (part) {
      if (/^(width|height|crop)=/.test(part))
        target += (target.indexOf('?') < 0 ? '?' : '&') + part;
    });
    return target;
  }

  function swapElement(element) {
    if (element.tagName !== 'IMG' && element.tagName !== 'SOURCE') return;
    var src = element.getAttribute('src');
    var srcset = element.getAttribute('srcset');
    if (src) {
      var shown = swap(src);
      if (shown !== src) element.setAttribute('src', shown);
    }
    if (srcset) {
      var swapped = srcset
        .split(',')
        .map(function (candidate) {
          var parts = candidate.trim().split(/\s+/);
          parts[0] = swap(parts[0]);
          return parts.join(' ');
        })
        .join(', ');
      if (swapped !== srcset) element.setAttribute('srcset', swapped);
    }
  }

  /** Exposures go out once the document is parsed (Shopify's analytics is set up by then). */
  function publish() {
    var analytics = shopify.analytics;
    if (!confirmed || !parsed || !analytics) return;
    exposed.splice(0).forEach(function (exposure) {
      if (published[exposure.experiment]) return;
      published[exposure.experiment] = true;
      analytics.publish('productai_experiment_exposure', exposure);
    });
  }

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType !== 1) return;
        swapElement(node);
        if (node.firstElementChild) node.querySelectorAll('img,source').forEach(swapElement);
      });
    });
    publish();
  }).observe(document.documentElement, { childList: true, subtree: true });

  document.addEventListener('DOMContentLoaded', function () {
    parsed = true;
    publish();
  });
  if (consent) confirmed = true;
  else
    whenDecided(function (given) {
      if (!given) {
        exposed = [];
        return forget();
      }
      confirmed = true;
      publish();
    });
})();
