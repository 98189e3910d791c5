/**
 * The Ads Manager page's script (served as /ads-manager/app.js; the page's CSP admits scripts from
 * its own origin only). Plain browser JavaScript: a hash router over the ad accounts, their
 * campaigns and line items, and a line item's targeting form, all read and written through the
 * sandbox's Ads API with the signed-in account's bearer token.
 *
 * The targeting form takes what X Ads Manager takes, by name: follower look-alike handles, keywords,
 * interests, countries (ISO codes), custom audiences and exclusions. Saving replaces the line item's
 * criteria: names are resolved in the Ads API's catalogues (interests, locations) and custom
 * audiences; what cannot be resolved is reported and not saved.
 */
export const ADS_MANAGER_SCRIPT = String.raw`(function () {
  'use strict';
  var root = document.getElementById('ads-manager');
  var app = document.getElementById('app');
  var token = document.querySelector('meta[name="ads-token"]').getAttribute('content');
  var api = new URL('../ads/12/', location.href).href;

  function call(method, path, params) {
    var url = api + path;
    var init = { method: method, headers: { authorization: 'Bearer ' + token } };
    if (params && method === 'GET') {
      url += '?' + new URLSearchParams(params).toString();
    } else if (params) {
      init.headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = new URLSearchParams(params).toString();
    }
    return fetch(url, init).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) {
          var e = (body.errors && body.errors[0]) || {};
          throw new Error(e.message || 'Ads API error ' + res.status);
        }
        return body.data;
      });
    });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }

  function show(children) {
    app.replaceChildren.apply(app, children);
  }

  function setAccount(account) {
    root.dataset.adAccountId = account ? account.id : '';
    root.dataset.adAccountName = account ? account.name : '';
    document.dispatchEvent(new CustomEvent('ads-manager:account', { detail: account }));
  }

  function createAccountForm() {
    var name = el('input', { id: 'new-account-name', name: 'name', required: 'required' });
    var form = el('form', { id: 'create-account' }, [el('label', {}, ['New ad account name ', name]), el('button', { type: 'submit', text: 'Create ad account' })]);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      call('POST', 'accounts', { name: name.value.trim() }).then(function (created) { location.hash = '#/accounts/' + created.id; });
    });
    return form;
  }

  function accounts() {
    setAccount(null);
    return call('GET', 'accounts').then(function (list) {
      show([
        el('h1', { text: 'Ad accounts' }),
        list.length === 0
          ? el('p', { text: 'This X account has no ad accounts yet.' })
          : el('ul', { id: 'accounts' }, list.map(function (a) {
              return el('li', {}, [el('a', { href: '#/accounts/' + a.id, text: a.name }), ' ', el('span', { class: 'handle', text: a.id })]);
            })),
        createAccountForm(),
      ]);
    });
  }

  function createCampaignForm(accountId) {
    var name = el('input', { id: 'new-campaign-name', name: 'name', required: 'required' });
    var form = el('form', { id: 'create-campaign' }, [el('label', {}, ['New campaign name ', name]), el('button', { type: 'submit', text: 'Create campaign with a line item' })]);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      call('GET', 'accounts/' + accountId + '/funding_instruments').then(function (instruments) {
        return call('POST', 'accounts/' + accountId + '/campaigns', {
          name: name.value.trim(), funding_instrument_id: instruments[0].id, daily_budget_amount_local_micro: '50000000', entity_status: 'PAUSED',
        });
      }).then(function (campaign) {
        return call('POST', 'accounts/' + accountId + '/line_items', {
          campaign_id: campaign.id, name: name.value.trim() + ' line item', objective: 'ENGAGEMENTS', product_type: 'PROMOTED_TWEETS', placements: 'ALL_ON_TWITTER', entity_status: 'PAUSED',
        });
      }).then(function () { route(); }).catch(function (e) { alert(e.message); });
    });
    return form;
  }

  function account(id) {
    return Promise.all([call('GET', 'accounts/' + id), call('GET', 'accounts/' + id + '/campaigns'), call('GET', 'accounts/' + id + '/line_items')]).then(function (r) {
      var acc = r[0], campaigns = r[1], items = r[2];
      setAccount(acc);
      var blocks = campaigns.map(function (c) {
        var mine = items.filter(function (li) { return li.campaign_id === c.id; });
        return el('section', { class: 'campaign' }, [
          el('h2', { text: c.name }),
          mine.length === 0 ? el('p', { text: 'No line items.' }) : el('ul', {}, mine.map(function (li) {
            return el('li', {}, [el('a', { href: '#/accounts/' + id + '/line_items/' + li.id, text: li.name || li.id }), ' ', el('span', { class: 'handle', text: li.entity_status })]);
          })),
        ]);
      });
      show([
        el('p', {}, [el('a', { href: '#/', text: '← Ad accounts' })]),
        el('h1', { id: 'account-name', text: acc.name }),
        el('p', { class: 'handle', text: 'Ad account ' + acc.id }),
      ].concat(blocks.length ? blocks : [el('p', { text: 'No campaigns yet.' })]).concat([createCampaignForm(id)]));
    });
  }

  var FIELDS = [
    ['handles', 'Follower look-alikes (handles, one per line)'],
    ['keywords', 'Keywords (one per line)'],
    ['interests', 'Interests (one per line)'],
    ['countries', 'Countries (ISO codes, one per line)'],
    ['custom_audiences', 'Custom audiences (one per line)'],
    ['excluded_custom_audiences', 'Excluded custom audiences (one per line)'],
    ['excluded_keywords', 'Excluded keywords (one per line)'],
  ];

  function lines(text) {
    return text.split('\n').map(function (s) { return s.trim(); }).filter(Boolean);
  }

  function findByName(path, name, extra) {
    return call('GET', path, Object.assign({ q: name, count: '1000' }, extra || {})).then(function (list) {
      var key = name.trim().toLowerCase();
      return list.find(function (x) { return String(x.name).toLowerCase() === key; });
    });
  }

  function resolve(accountId, form) {
    var wanted = [];
    var problems = [];
    var jobs = [];
    form.handles.forEach(function (h) { wanted.push({ type: 'FOLLOWER_LOOK_ALIKES', value: h.replace(/^@/, ''), op: 'EQ' }); });
    form.keywords.forEach(function (k) { wanted.push({ type: 'BROAD_KEYWORD', value: k, op: 'EQ' }); });
    form.excluded_keywords.forEach(function (k) { wanted.push({ type: 'BROAD_KEYWORD', value: k, op: 'NE' }); });
    form.interests.forEach(function (name) {
      jobs.push(findByName('targeting_criteria/interests', name).then(function (found) {
        if (found) wanted.push({ type: 'INTEREST', value: found.targeting_value, op: 'EQ' });
        else problems.push('Unknown interest: ' + name);
      }));
    });
    form.countries.forEach(function (code) {
      jobs.push(call('GET', 'targeting_criteria/locations', { location_type: 'COUNTRIES', country_code: code.toUpperCase() }).then(function (list) {
        if (list[0]) wanted.push({ type: 'LOCATION', value: list[0].targeting_value, op: 'EQ' });
        else problems.push('Unknown country: ' + code);
      }));
    });
    var audiences = call('GET', 'accounts/' + accountId + '/custom_audiences', { count: '1000' });
    function audience(name, op) {
      jobs.push(audiences.then(function (list) {
        var key = name.toLowerCase();
        var found = list.find(function (a) { return a.name.toLowerCase() === key || a.id === name; });
        if (found) wanted.push({ type: 'CUSTOM_AUDIENCE', value: found.id, op: op });
        else problems.push('Unknown custom audience: ' + name);
      }));
    }
    form.custom_audiences.forEach(function (n) { audience(n, 'EQ'); });
    form.excluded_custom_audiences.forEach(function (n) { audience(n, 'NE'); });
    return Promise.all(jobs).then(function () { return { wanted: wanted, problems: problems }; });
  }

  function criteriaTable(list) {
    if (list.length === 0) return el('p', { id: 'criteria-empty', text: 'No targeting criteria yet.' });
    return el('table', { id: 'criteria' }, [
      el('thead', {}, [el('tr', {}, [el('th', { text: 'Type' }), el('th', { text: 'Name' }), el('th', { text: 'Operator' })])]),
      el('tbody', {}, list.map(function (c) {
        return el('tr', {}, [el('td', { text: c.targeting_type }), el('td', { text: c.name }), el('td', { text: c.operator_type })]);
      })),
    ]);
  }

  function lineItem(accountId, lineItemId) {
    var load = function () {
      return call('GET', 'accounts/' + accountId + '/targeting_criteria', { line_item_ids: lineItemId, count: '1000' });
    };
    return Promise.all([call('GET', 'accounts/' + accountId), call('GET', 'accounts/' + accountId + '/line_items/' + lineItemId), load()]).then(function (r) {
      var acc = r[0], li = r[1], criteria = r[2];
      setAccount(acc);
      var status = el('p', { id: 'form-status', role: 'status' });
      var inputs = {};
      var form = el('form', { id: 'targeting-form', 'data-line-item-id': li.id }, FIELDS.map(function (f) {
        var area = el('textarea', { id: 'targeting-' + f[0], name: f[0], rows: '3', style: 'width:100%' });
        inputs[f[0]] = area;
        return el('label', {}, [f[1], area]);
      }).concat([el('button', { class: 'primary', type: 'submit', id: 'save-targeting', text: 'Save targeting' }), status]));
      var table = el('div', {}, [criteriaTable(criteria)]);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        status.textContent = 'Saving…';
        var values = {};
        FIELDS.forEach(function (f) { values[f[0]] = lines(inputs[f[0]].value); });
        resolve(accountId, values).then(function (res) {
          // X has no update for criteria: the old ones are deleted and the new ones created.
          return load().then(function (old) {
            return old.reduce(function (p, c) {
              return p.then(function () { return call('DELETE', 'accounts/' + accountId + '/targeting_criteria/' + c.id); });
            }, Promise.resolve());
          }).then(function () {
            return res.wanted.reduce(function (p, w) {
              return p.then(function () {
                return call('POST', 'accounts/' + accountId + '/targeting_criteria', {
                  line_item_id: lineItemId, targeting_type: w.type, targeting_value: w.value, operator_type: w.op,
                }).catch(function (e) { res.problems.push(w.type + ' ' + w.value + ': ' + e.message); });
              });
            }, Promise.resolve());
          }).then(load).then(function (now) {
            table.replaceChildren(criteriaTable(now));
            status.textContent = 'Saved ' + now.length + ' targeting criteria.' + (res.problems.length ? ' Not saved: ' + res.problems.join('; ') : '');
            form.dataset.saved = String(now.length);
            document.dispatchEvent(new CustomEvent('ads-manager:saved', { detail: { count: now.length, problems: res.problems } }));
          });
        }).catch(function (e) { status.textContent = 'Could not save: ' + e.message; });
      });
      show([
        el('p', {}, [el('a', { href: '#/accounts/' + accountId, text: '← ' + acc.name })]),
        el('h1', { text: 'Targeting · ' + (li.name || li.id) }),
        el('p', { class: 'handle', text: 'Line item ' + li.id + ' · ad account ' + acc.id }),
        form,
        el('h2', { text: 'Targeting criteria' }),
        table,
      ]);
      document.dispatchEvent(new CustomEvent('ads-manager:targeting-form', { detail: { accountId: accountId, lineItemId: lineItemId } }));
    });
  }

  function route() {
    var parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
    var done;
    if (parts[0] === 'accounts' && parts[1] && parts[2] === 'line_items' && parts[3]) done = lineItem(parts[1], parts[3]);
    else if (parts[0] === 'accounts' && parts[1]) done = account(parts[1]);
    else done = accounts();
    done.catch(function (e) { show([el('p', { class: 'error', role: 'alert', text: e.message })]); });
  }
  window.addEventListener('hashchange', route);
  route();
})();
`;
