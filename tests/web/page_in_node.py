"""The phones' page run by Node with a small stand-in for the browser's document: what it shows.

The page's own script runs unchanged against a document holding the page's elements (found by their
``id``) and an XMLHttpRequest that answers from the real server's JSON. What each element then shows
comes back: its text, or for a table its rows of cells, and whether it is hidden. No event stream
(the page falls back to polling, which is switched off here) and no timers beyond the page's first pass.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from typing import Any

import pytest

from web.page import page_html

SHIM = r"""
function Node(tag){this.tagName=tag;this.children=[];this._text="";this.hidden=false;this.className=""}
Object.defineProperty(Node.prototype,"textContent",{
 get:function(){return this.children.length?this.children.map(function(c){return c.textContent}).join(""):this._text},
 set:function(v){this.children=[];this._text=String(v)}});
Object.defineProperty(Node.prototype,"firstChild",{get:function(){return this.children[0]||null}});
Node.prototype.appendChild=function(c){this.children.push(c);return c};
Node.prototype.removeChild=function(c){this.children.splice(this.children.indexOf(c),1);return c};
var byId={};IDS.forEach(function(i){byId[i[0]]=new Node("div");byId[i[0]].hidden=i[1]});
var document={title:"",getElementById:function(i){return byId[i]||null},createElement:function(t){return new Node(t)}};
var window={};var location={search:SEARCH,hash:""};
function XMLHttpRequest(){}
XMLHttpRequest.prototype.open=function(m,u){this.url=u};
XMLHttpRequest.prototype.send=function(){var x=this;setTimeout(function(){var body=ANSWERS[x.url.split("?")[0]];
 x.readyState=4;x.status=body===undefined?404:200;x.responseText=body===undefined?"":body;x.onreadystatechange()},0)};
var setInterval=function(){return 1};
function dump(n){return n.children.length?n.children.map(dump):n.textContent}
"""

REPORT = r"""
setTimeout(function(){var out={};
 Object.keys(byId).forEach(function(i){out[i]={hidden:byId[i].hidden,shows:dump(byId[i])}});
 out.document_title=document.title;console.log(JSON.stringify(out))},600);
"""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Node is missing; the page must be run in CI")
        pytest.skip("Node is not installed")
    return found


def run_page(state: bytes, seat: bytes | None = None, search: str = "", code: str = "en") -> dict[str, Any]:
    """The page after its first load of ``state`` (and ``seat`` for find my seat), as Node ran it, served
    in the language ``code``."""
    page = page_html(code).decode()
    script = re.search(r"<script>(.*)</script>", page, re.S)
    assert script, "the page has no script"
    ids = [[m.group(1), " hidden" in m.group(2)] for m in re.finditer(r'id="([^"]+)"([^>]*)>', page)]
    answers = {"api/state": state.decode()}
    if seat is not None:
        answers["api/seat"] = seat.decode()
    program = (f"var IDS={json.dumps(ids)};var SEARCH={json.dumps(search)};var ANSWERS={json.dumps(answers)};"
               + SHIM + script.group(1) + REPORT)
    done = subprocess.run([node(), "-e", program], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)
