"""The room display's page for a browser (a smart TV, a second laptop): one HTML document, no library.

The server sends the picture (see :mod:`web.display`); the page places each box with CSS as fractions
of the window, draws its lines, table, QR code or image, and fits every line to its box: a line too wide
is shrunk, a box too full is shrunk as a whole; nothing is ever cut. Counting lines (``tick``) are
written again four times a second from the server's time. Every word goes in as text
(``textContent``), never as markup, so a name holding ``<script>`` shows as those characters.

``?layout=ID`` names the layout, ``?screen=NAME`` names this screen for the director (who may choose its
layout from the window); a page that names no layout on a screen standing upright asks for the upright
one. ``?poll=1`` asks every two seconds instead of keeping a live stream (an old set-top browser).
"""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache

from app.i18n import N_, _, use_language

# The page's own words: ``@@English words@@`` in its markup, ``W.key`` in its script.
STATIC = (N_("Room display"), N_("Connecting…"))
WORDS = {
    "room_display": N_("Room display"),
    "waiting": N_("Waiting for the tournament…"),
    "reconnecting": N_("Reconnecting…"),
}


@lru_cache(maxsize=32)
def display_html(code: str) -> bytes:
    """The display's page with its words in the language ``code``."""
    with use_language(code):
        words = json.dumps({key: _(text) for key, text in WORDS.items()}, ensure_ascii=False)
        words = words.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        out = DISPLAY_PAGE.replace("@@words@@", words).replace("@@lang@@", html.escape(code))
        return re.sub(r"@@([^@]+)@@", lambda m: html.escape(_(m.group(1))), out).encode()


DISPLAY_PAGE = """<!doctype html>
<html lang="@@lang@@"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>@@Room display@@</title>
<style>
html,body{margin:0;padding:0;height:100%;overflow:hidden;background:#000;cursor:none}
#screen{position:fixed;left:0;top:0;width:100vw;height:100vh;overflow:hidden;background-size:cover;
background-position:center;font-family:"DejaVu Sans",sans-serif;color:#f5f5f5}
.box{position:absolute;box-sizing:border-box;display:flex;flex-direction:column;justify-content:center;
overflow:visible}
.ln{display:block;white-space:nowrap;line-height:1.15;overflow:visible}
.box table{border-collapse:collapse;white-space:nowrap}
.box td{padding:0 0.4em;line-height:1.2;text-align:left}
.box td:last-child{text-align:right}
.box img{display:block;width:100%;height:100%;object-fit:contain}
.box canvas{display:block;margin:0 auto;image-rendering:pixelated}
#note{position:fixed;left:1vw;bottom:1vh;font:14px sans-serif;color:#ddd;background:rgba(0,0,0,.6);padding:2px 6px}
#note:empty{display:none}
</style></head><body>
<div id="screen" data-at="0"><div class="box" style="left:0;top:40%;width:100%;height:20%">
<div class="ln" style="font-size:5vh;text-align:center">@@Connecting…@@</div></div></div>
<div id="note"></div>
<script>
(function(){
var P=null,offset=0,ticking=[],fitting=[],last="",W=@@words@@;
var root=document.getElementById("screen"),note=document.getElementById("note");
var SCALE={strong:1,alert:1,normal:0.6,muted:0.45};
function now(){return new Date().getTime()+offset}
function pad(n){return (n<10?"0":"")+n}
function digits(s){var w=Math.max(0,Math.ceil(Math.round(s*1e6)/1e6)),h=Math.floor(w/3600),m=Math.floor(w%3600/60),x=w%60;
 return h?h+":"+pad(m)+":"+pad(x):pad(m)+":"+pad(x)}
function words(s){var w=Math.max(0,Math.ceil(s));if(w<60){return w+" s"}var m=Math.ceil(w/60),h=Math.floor(m/60);m=m%60;
 return h?h+" h "+pad(m)+" min":m+" min"}
function engine(ms){var w=Math.ceil(Math.max(ms,0)/1000),h=Math.floor(w/3600),m=Math.floor(w%3600/60),x=w%60;
 return h?h+":"+pad(m)+":"+pad(x):m+":"+pad(x)}
function tickText(k,at){if(k.kind==="up"){return "+"+digits(Math.max(0,Math.floor((at-k.from)/1000)))}
 if(k.kind==="clock"){return engine(Math.round(k.to-at))}return (k.prefix||"")+words(Math.max(0,(k.to-at)/1000))}
function el(tag,cls){var e=document.createElement(tag);if(cls){e.className=cls}return e}
function family(f){return '"'+String(f||"DejaVu Sans").replace(/["\\\\]/g,"")+'", "DejaVu Sans", sans-serif'}
function pct(v){return (v*100)+"%"}
function lineEl(ln,b,H){var d=el("div","ln");d.textContent=ln.t;d.style.color=ln.c;
 d.style.fontSize=(b.size*(SCALE[ln.e]||0.6)*H)+"px";d.dataset.fs=d.style.fontSize;
 d.style.fontWeight=(b.bold&&(ln.e==="strong"||ln.e==="alert"))?"700":"400";
 if(ln.tick){ticking.push({el:d,tick:ln.tick,box:null})}return d}
function qr(b,mods,H,W){var c=el("canvas"),n=mods.length,q=n+8,side=Math.floor(Math.min(b.w*W,b.h*H*(b.lines.length?0.8:1))*0.92);
 var cell=Math.max(1,Math.floor(side/q));c.width=c.height=cell*q;var g=c.getContext("2d");g.fillStyle="#ffffff";g.fillRect(0,0,c.width,c.height);
 g.fillStyle="#000000";for(var y=0;y<n;y++){for(var x=0;x<n;x++){if(mods[y].charAt(x)==="1"){g.fillRect((x+4)*cell,(y+4)*cell,cell,cell)}}}return c}
function table(b,H){var t=el("table"),n=b.rows.length+(b.header.length?1:0),fs=Math.min(b.size*H,b.h*H/((n+b.lines.length*0.8)*1.25));
 t.style.fontSize=fs+"px";t.dataset.fs=t.style.fontSize;t.style.marginLeft=b.align==="left"?"0":"auto";t.style.marginRight=b.align==="right"?"0":"auto";
 if(b.header.length){var tr=el("tr");for(var i=0;i<b.header.length;i++){var th=el("td");th.textContent=b.header[i];th.style.color=b.muted;tr.appendChild(th)}t.appendChild(tr)}
 for(var r=0;r<b.rows.length;r++){var row=el("tr");for(var j=0;j<b.rows[r].length;j++){var td=el("td");td.textContent=b.rows[r][j];row.appendChild(td)}t.appendChild(row)}
 return t}
function draw(){
 var H=window.innerHeight,W=window.innerWidth,p=P,i,j;ticking=[];fitting=[];
 while(root.firstChild){root.removeChild(root.firstChild)}
 root.style.backgroundColor=p.background||"#000";root.style.backgroundImage=p.background_image?'url("'+p.background_image+'")':"none";
 root.style.fontFamily=family(p.font);root.style.color=p.foreground||"#f5f5f5";
 root.dataset.layout=p.layout||"";root.dataset.screen=p.screen||"";
 document.title=(p.name?p.name+" · ":"")+W.room_display;note.textContent=p.problem||(p.waiting?W.waiting:"");
 for(i=0;i<(p.boxes||[]).length;i++){var b=p.boxes[i],d=el("div","box");d.dataset.piece=b.piece;d.dataset.kind=b.kind;
  d.style.left=pct(b.x);d.style.top=pct(b.y);d.style.width=pct(b.w);d.style.height=pct(b.h);
  d.style.padding="0 "+(0.006*W)+"px";d.style.textAlign=b.align;d.style.color=b.colour;d.style.fontFamily=family(b.font);
  if(b.background){d.style.background=b.background}
  var start=ticking.length;
  if(b.kind==="image"&&b.image){var im=el("img");im.src=b.image;im.alt="";d.appendChild(im)}
  else{var c=el("div","content");c.style.width="100%";
   for(j=0;j<b.lines.length;j++){c.appendChild(lineEl(b.lines[j],b,H))}
   if(b.kind==="table"){c.appendChild(table(b,H))}
   if(b.kind==="qr"&&b.qr){c.insertBefore(qr(b,b.qr,H,W),c.firstChild)}
   d.appendChild(c);fitting.push(d)}
  for(j=start;j<ticking.length;j++){ticking[j].box=d}
  root.appendChild(d)}
 tick(true);for(i=0;i<fitting.length;i++){fit(fitting[i])}}
function fit(d){
 var items=d.querySelectorAll(".ln,table"),k,e,room=d.clientWidth-parseFloat(d.style.paddingLeft)*2;
 for(k=0;k<items.length;k++){items[k].style.fontSize=items[k].dataset.fs}
 for(var pass=0;pass<3;pass++){var changed=false;
  for(k=0;k<items.length;k++){e=items[k];var wide=e.tagName==="TABLE"?e.offsetWidth:e.scrollWidth;
   if(wide>room+0.5){e.style.fontSize=(parseFloat(e.style.fontSize)*room/wide*0.98)+"px";changed=true}}
  var c=d.firstChild,full=c.scrollHeight;
  if(full>d.clientHeight+0.5){var r=d.clientHeight/full*0.98;for(k=0;k<items.length;k++){e=items[k];e.style.fontSize=(parseFloat(e.style.fontSize)*r)+"px"}
   var cv=c.querySelector("canvas");if(cv){cv.style.height=(cv.height*r)+"px";cv.style.width=(cv.width*r)+"px"}changed=true}
  if(!changed){break}}}
function tick(quiet){var t=now(),moved=[];for(var i=0;i<ticking.length;i++){var k=ticking[i],s=tickText(k.tick,t);
  if(k.el.textContent!==s){var grew=k.el.textContent.length!==s.length;k.el.textContent=s;if(grew&&moved.indexOf(k.box)<0){moved.push(k.box)}}}
 root.dataset.at=String(t);if(!quiet){for(var j=0;j<moved.length;j++){fit(moved[j])}}}
function show(text){var d;try{d=JSON.parse(text)}catch(e){return}offset=d.server_ms-new Date().getTime();
 var key=text.slice(text.indexOf(",")+1);if(key===last){return}last=key;P=d;draw()}
var q=location.search,asks=/[?&]layout=/.test(q)?"":(window.innerHeight>window.innerWidth?"&upright=1":"");
var base="display/state"+(q||"?")+asks,live="display/events"+(q||"?")+asks;
function poll(){var x=new XMLHttpRequest();x.open("GET",base+"&t="+new Date().getTime(),true);
 x.onreadystatechange=function(){if(x.readyState===4&&x.status===200){show(x.responseText)}};x.send()}
if(!window.EventSource||/[?&]poll=1/.test(q)){poll();setInterval(poll,2000)}
else{var es=new EventSource(live);es.onmessage=function(e){show(e.data)};
 es.onerror=function(){note.textContent=W.reconnecting};es.onopen=function(){if(P){note.textContent=P.problem||""}};
 window.addEventListener("pagehide",function(){es.close()})}
window.addEventListener("resize",function(){if(P){draw()}});
setInterval(function(){tick(false)},250);
})();
</script></body></html>
"""
