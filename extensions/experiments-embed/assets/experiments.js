/* global window, document, localStorage, MutationObserver, crypto */
/**
 * Image experiments on the storefront (issue 33): runs in the head, before the body is parsed.
 * The app embed's Liquid has put the page's experiments in #productai-experiments as
 * [[productId, {v, experiment, arms: [{arm, image, media}], weights}], ...], the control first.
 *
 * Only when Shopify's Customer Privacy API says analytics is allowed: the visitor (a random id,
 * kept in localStorage with its arms) gets an arm per experiment, drawn by the weights once and
 * kept while the experiment runs; then every <img> and <source> the parser adds whose URL names
 * the control's file is pointed at the arm's image (the theme's size parameters kept) before
 * it is painted: a mutation observer's callback runs before the parser's task ends, and a page
 * is only painted between tasks. The element, its width, height and aspect ratio are the
 * theme's own, so nothing moves. Each experiment whose image is on the page is an exposure,
 * published once per page for the web pixel (extensions/experiments-pixel).
 *
 * Without consent (or before the API is there): nothing is read, stored, changed or published,
 * so the visitor sees the control image. Dependency-free, ES2017 once built, within 3 KB
 * gzipped inline (bench/experiments/storefront-size.ts).
 */
(function () {
  var KEY = 'productai-experiments';
  /** Experiments a visitor's record keeps: older ones have ended. */
  var KEPT = 20;
  var shopify = window.Shopify || {};
  var privacy = shopify.customerPrivacy;
  var data = document.getElementById('productai-experiments');
  if (!data || !privacy || !privacy.analyticsProcessingAllowed()) return;

  var saved;
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch {
    saved = null;
  }
  var visitor = saved && saved.visitor;
  var arms = (saved && saved.arms) || {};
  if (!visitor) {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    visitor = 'v';
    for (var i = 0; i < bytes.length; i++) visitor += (bytes[i] + 256).toString(16).slice(1);
  }

  /** The control image's file name -> what shows instead, and who is exposed. */
  var swaps = {};
  JSON.parse(data.textContent).forEach(function (pair) {
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
    swaps[fileName(live.arms[0].image)] = {
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
  var experiments = Object.keys(arms);
  experiments.slice(0, Math.max(0, experiments.length - KEPT)).forEach(function (old) {
    delete arms[old];
  });
  try {
    localStorage.setItem(KEY, JSON.stringify({ visitor: visitor, arms: arms }));
  } catch {
    // Storage full or refused: the arm holds for this page only.
  }

  function fileName(url) {
    return url.split(/[?#]/)[0].split('/').pop();
  }

  var exposed = [];
  var published = {};
  var ready = false;

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

  function publish() {
    var analytics = shopify.analytics;
    exposed.splice(0).forEach(function (exposure) {
      if (published[exposure.experiment] || !analytics) return;
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
    if (ready) publish();
  }).observe(document.documentElement, { childList: true, subtree: true });

  // Shopify's analytics is set up in the head too, perhaps after this script.
  document.addEventListener('DOMContentLoaded', function () {
    ready = true;
    publish();
  });
})();
