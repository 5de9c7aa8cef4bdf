"""The one HTML page the phones load: inline CSS and JavaScript, no external URL, plain ES5.

Every name and text from the server goes into the page with ``textContent`` (never as HTML). The
countdown is computed in the browser from the clock's timestamps and the server's time.
"""

from __future__ import annotations

import gettext
import html
import json
import re
from collections.abc import Callable
from functools import lru_cache

from babel.messages.plurals import PLURALS

from app.i18n import N_, PSEUDO, _, catalogue_for, language, locale_id, use_language

# The page's own words (``@@English words@@`` in the page), translated when the page is served.
STATIC = (N_("Tournament"), N_("connecting…"), N_("players left"), N_("average stack"), N_("prize pool"),
          N_("Find my seat"), N_("Your name"), N_("Payouts"), N_("Chip leaders"), N_("Largest bounties"),
          N_("Tables"), N_("Results"))
# The words the page's script writes (``W.key``), with the placeholders it fills.
WORDS = {
    "tournament": N_("Tournament"),
    "break_in": N_("Break in {time}"),
    "late_closed": N_("Late registration closed by the director"),
    "late_closes": N_("Late registration closes in {time}"),
    "late_left": N_("Late registration: {time} left"),
    "the_event": N_("the event"),
    "winner": N_("Winner: {name}"),
    "over": N_("Tournament over"),
    "break_after": N_("BREAK after level {level}"),
    "level": N_("LEVEL {level}"),
    "starting": N_("Starting soon · level {level}"),
    "paused": N_("PAUSED"),
    "next": N_("Next: level {level} · {game} {blinds}"),
    "next_after_break": N_("Next: break, then level {level} · {game} {blinds}"),
    "hand_for_hand": N_("HAND FOR HAND"),
    "bubble": N_("BUBBLE"),
    "final_table": N_("FINAL TABLE"),
    "in_the_money": N_("IN THE MONEY"),
    "bounty_pool": N_("Bounty pool {amount}"),
    "seat": N_("Seat {seat}"),
    "no_player": N_("No player found"),
    "table_seat": N_("Table {table}, seat {seat}"),
    "out": N_("out, {place}"),
    "waiting": N_("waiting for a seat"),
    "bounty": N_("bounty {amount}"),
    "polling": N_("updating every 5 s"),
    "live": N_("live"),
    "reconnecting": N_("reconnecting…"),
}


def _plurals(code: str) -> dict[str, Callable[[int], str]]:
    """The page's words that change with a number (``{n}``), each as the language's form for a number."""
    c = catalogue_for(code)
    return {
        "seats_won": lambda n: c.ngettext("Seat in {event} won by", "{n} seats in {event} won by", n),
        "table_players": lambda n: c.ngettext("Table {number} · {n} player", "Table {number} · {n} players", n),
    }


def _rule(code: str) -> str:
    """The language's plural rule as an expression of ``n`` (Babel's table: C syntax, which JavaScript reads)."""
    wanted = code.replace("-", "_")
    return str((PLURALS.get(wanted) or PLURALS.get(wanted.split("_")[0]) or PLURALS["en"])[1])


def plural_forms(code: str, form: Callable[[int], str]) -> list[str]:
    """Every form of a word that changes with a number, in the order the language's rule numbers them."""
    rule = gettext.c2py(_rule(code))
    forms: dict[int, str] = {}
    for n in range(0, 200):
        forms.setdefault(int(rule(n)), form(n))
    return [forms[i] for i in sorted(forms)]


def _script_json(data: object) -> str:
    """JSON safe inside a script element (no ``<``, ``>`` or ``&`` that could end it)."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _group(code: str) -> str:
    if code == PSEUDO:
        return ","
    from babel.numbers import get_group_symbol

    return str(get_group_symbol(locale_id(code)))


@lru_cache(maxsize=32)
def page_html(code: str) -> bytes:
    """The phones' page in the language ``code``: its words, and its script's, translated here."""
    with use_language(code):
        words: dict[str, object] = {key: _(text) for key, text in WORDS.items()}
        for key, form in _plurals(language()).items():
            words[key] = plural_forms(language(), form)
        out = PAGE.replace("@@words@@", _script_json(words)).replace("@@code@@", _script_json(code))
        out = out.replace("@@group@@", _script_json(_group(code))).replace("@@plural@@", _rule(code))
        out = out.replace("@@lang@@", html.escape(code))
        return re.sub(r"@@([^@]+)@@", lambda m: html.escape(_(m.group(1))), out).encode()


PAGE = r"""<!DOCTYPE html>
<html lang="@@lang@@"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@@Tournament@@</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,Roboto,"DejaVu Sans",Arial,sans-serif;
background:#10151c;color:#eef2f6;font-size:16px}
header{padding:10px 14px;background:#1b2430}h1{font-size:18px;margin:0}
#conn{font-size:12px;color:#9fb0c2}#conn.off{color:#ff8a80}
main{padding:10px 14px}.card{background:#1b2430;border-radius:10px;padding:12px;margin:0 0 10px}
#clock{font-size:64px;font-weight:700;text-align:center;letter-spacing:2px;font-variant-numeric:tabular-nums}
#level,#blinds,#next,#brk{text-align:center}#level{font-size:20px;font-weight:700}#blinds{font-size:22px}
#next,#brk,#late,#note{color:#9fb0c2;font-size:14px;text-align:center}#note{color:#ffd54f}
.badges{text-align:center}.badge{display:inline-block;background:#c62828;color:#fff;border-radius:6px;
padding:2px 8px;margin:4px 3px 0;font-size:13px;font-weight:700}
.grid{display:table;width:100%}.cell{display:table-cell;text-align:center;width:33%}
.big{font-size:20px;font-weight:700}.small{font-size:12px;color:#9fb0c2}
h2{font-size:15px;margin:0 0 8px;color:#9fb0c2;text-transform:uppercase}
table{width:100%;border-collapse:collapse}td{padding:4px 2px;border-bottom:1px solid #2a3646}
td.r{text-align:right}input{width:100%;font-size:18px;padding:8px;border-radius:6px;border:1px solid #3a4a5e;
background:#0c1117;color:#eef2f6}#found div{padding:6px 0;font-size:18px}
.seat{font-weight:700;color:#80d8ff}details{margin-top:4px}summary{cursor:pointer;padding:4px 0}
</style></head><body>
<header><h1 id="title">@@Tournament@@</h1><div id="conn">@@connecting…@@</div></header>
<main>
<div class="card"><div id="level">-</div><div id="clock">--:--</div><div id="blinds"></div>
<div id="next"></div><div id="brk"></div><div id="late"></div><div id="note"></div><div class="badges" id="badges"></div></div>
<div class="card"><div class="grid"><div class="cell"><div class="big" id="left">-</div><div class="small">@@players left@@</div></div>
<div class="cell"><div class="big" id="avg">-</div><div class="small">@@average stack@@</div></div>
<div class="cell"><div class="big" id="pool">-</div><div class="small">@@prize pool@@</div></div></div></div>
<div class="card"><h2>@@Find my seat@@</h2><input id="q" type="search" placeholder="@@Your name@@" autocomplete="off" maxlength="80">
<div id="found"></div></div>
<div class="card"><h2>@@Payouts@@</h2><table id="payouts"></table></div>
<div class="card" id="lcard" hidden><h2>@@Chip leaders@@</h2><table id="leaders"></table></div>
<div class="card" id="bcard" hidden><h2>@@Largest bounties@@</h2><div class="small" id="bpool"></div><table id="bounties"></table></div>
<div class="card"><h2>@@Tables@@</h2><div id="tables"></div></div>
<div class="card"><h2>@@Results@@</h2><table id="results"></table></div>
</main>
<script>
(function(){
var S=null,offset=0,timer=null,es=null,lastSeq=-1,W=@@words@@,LANG=@@code@@,GROUP=@@group@@;
function plural(n){return Number(@@plural@@)}
function fill(s,o){return String(s).replace(/\{(\w+)\}/g,function(m,k){return o&&o.hasOwnProperty(k)?String(o[k]):m})}
function fillN(forms,n,o){o=o||{};if(!o.hasOwnProperty("n")){o.n=num(n)}return fill(forms[plural(n)]||forms[forms.length-1],o)}
function api(path){return path+(path.indexOf("?")<0?"?":"&")+"lang="+encodeURIComponent(LANG)}
function $(id){return document.getElementById(id)}
function txt(id,s){var e=$(id);if(e.textContent!==s){e.textContent=s}}
function el(tag,text,cls){var e=document.createElement(tag);if(text!==undefined&&text!==null){e.textContent=String(text)}if(cls){e.className=cls}return e}
function clear(e){while(e.firstChild){e.removeChild(e.firstChild)}}
function num(n){if(n===null||n===undefined){return "-"}return String(n).replace(/\B(?=(\d{3})+(?!\d))/g,GROUP)}
function mmss(ms){if(ms<0){ms=0}var s=Math.ceil(ms/1000),h=Math.floor(s/3600),m=Math.floor(s%3600/60),x=s%60;
return (h?h+":"+(m<10?"0":""):"")+m+":"+(x<10?"0":"")+x}
function now(){return new Date().getTime()+offset}
function row(t,cells){var tr=el("tr");for(var i=0;i<cells.length;i++){tr.appendChild(el("td",cells[i],i===cells.length-1&&i>0?"r":""))}t.appendChild(tr)}
function tick(){
 if(!S||!S.clock){return}var c=S.clock,t=now(),left=c.ms_left;
 if(S.status&&S.status.ended){txt("clock","00:00");txt("brk","");txt("late","");return}
 if(c.overtime&&c.overtime_since_ms!==null){txt("clock","+"+mmss(c.running?t-c.overtime_since_ms:c.as_of_ms-c.overtime_since_ms));}
 else{if(c.ends_at_ms!==null){left=c.ends_at_ms-t}txt("clock",left===null?"--:--":mmss(left));
  if(c.ends_at_ms!==null&&left<-1500&&!S.refetching){S.refetching=true;load()}}
 var b="";if(c.break_at_ms!==null){b=fill(W.break_in,{time:mmss(c.break_at_ms-t)})}else if(c.ms_to_break!==null&&!c.on_break){b=fill(W.break_in,{time:mmss(c.ms_to_break)})}
 txt("brk",b);var l="";if(c.late_closed_early){l=W.late_closed}else if(c.late_ends_at_ms!==null){l=fill(W.late_closes,{time:mmss(c.late_ends_at_ms-t)})}else if(c.late_ms_left){l=fill(W.late_left,{time:mmss(c.late_ms_left)})}txt("late",l)}
function show(s,serverMs){
 offset=serverMs-new Date().getTime();S=s;var c=s.clock||{};
 txt("title",s.name||W.tournament);document.title=s.name||W.tournament;
 var st=s.status||{},won=st.seat_winners||[],over=!!st.ended;
 var lv=over?(won.length?fillN(W.seats_won,won.length,{event:st.seat_event||W.the_event})
  :st.winner?fill(W.winner,{name:st.winner}):W.over):c.on_break?fill(W.break_after,{level:s.level}):fill(W.level,{level:s.level});
 if(!c.started&&!over){lv=fill(W.starting,{level:s.level})}
 if(c.paused&&!over){lv+=" · "+W.paused}txt("level",lv);
 txt("blinds",over?won.join(" · "):(s.game?s.game+" · ":"")+(s.blinds||""));
 txt("next",s.next&&!over?fill(s.next.break_first?W.next_after_break:W.next,{level:s.next.level,game:s.next.game||"",blinds:s.next.blinds}):"");
 var notes=s.announcements||[];txt("note",over?"":c.pause_reason||(notes.length?notes[notes.length-1]:""));
 var bd=$("badges");clear(bd);
 if(st.hand_for_hand){bd.appendChild(el("span",W.hand_for_hand,"badge"))}if(st.bubble){bd.appendChild(el("span",W.bubble,"badge"))}
 if(st.final_table){bd.appendChild(el("span",W.final_table,"badge"))}else if(st.in_the_money&&!st.bubble){bd.appendChild(el("span",W.in_the_money,"badge"))}
 txt("left",num(s.players_left)+(s.entries?" / "+num(s.entries):""));txt("avg",num(s.average_stack));txt("pool",(s.prize_pool||"-")+(s.seats?" · "+s.seats:""));
 if(s.seq!==lastSeq){lastSeq=s.seq;var p=$("payouts");clear(p);var i;
  for(i=0;i<(s.payouts||[]).length;i++){var q=s.payouts[i];row(p,[q.place,q.name||"",q.prize])}
  var ld=$("leaders");clear(ld);$("lcard").hidden=!(s.leaders||[]).length;for(i=0;i<(s.leaders||[]).length;i++){var x=s.leaders[i];row(ld,[x.rank+".",x.name,num(x.stack)])}
  var bo=$("bounties"),bl=s.bounties||[];clear(bo);$("bcard").hidden=!bl.length;txt("bpool",s.bounty_pool?fill(W.bounty_pool,{amount:s.bounty_pool}):"");
  for(i=0;i<bl.length;i++){row(bo,[bl[i].rank+".",bl[i].name,bl[i].bounty])}
  var r=$("results");clear(r);var res=(s.results||[]).slice(0,50);for(i=0;i<res.length;i++){row(r,[res[i].place,res[i].names.join(", "),res[i].prize])}
  var tb=$("tables");clear(tb);for(i=0;i<(s.tables||[]).length;i++){var tt=s.tables[i],d=el("details"),sm=el("summary",fillN(W.table_players,tt.seats.length,{number:tt.number}));
   d.appendChild(sm);var tab=el("table");for(var j=0;j<tt.seats.length;j++){row(tab,[fill(W.seat,{seat:tt.seats[j].seat}),tt.seats[j].name])}d.appendChild(tab);tb.appendChild(d)}
  if($("q").value){search()}}
 tick()}
function get(url,ok,fail){var x=new XMLHttpRequest();x.open("GET",url,true);x.onreadystatechange=function(){
 if(x.readyState===4){if(x.status===200){try{ok(JSON.parse(x.responseText))}catch(e){if(fail){fail()}}}else if(fail){fail()}}};x.send()}
function load(){get(api("api/state?t="+new Date().getTime()),function(d){show(d,d.server_ms);S.refetching=false},function(){if(S){S.refetching=false}})}
var qTimer=null;
function findParam(where){var h=/[#?&]find=([^&#]*)/.exec(where);if(!h){return ""}var v=h[1].replace(/\+/g," ");
 try{return decodeURIComponent(v)}catch(e){return v.replace(/(%[0-9A-Fa-f]{2})+/g,function(p){try{return decodeURIComponent(p)}catch(x){return p}})}}
function search(){var v=$("q").value,f=$("found");if(v.replace(/\s/g,"").length<2){clear(f);
  if(asked&&v===asked){f.appendChild(el("div",W.no_player))}return}
 get(api("api/seat?name="+encodeURIComponent(v)),function(d){clear(f);if(!d.matches.length){f.appendChild(el("div",W.no_player));return}
  for(var i=0;i<d.matches.length;i++){var m=d.matches[i],line=el("div");line.appendChild(el("span",m.name+": "));
   line.appendChild(el("span",m.status==="seated"?fill(W.table_seat,{table:m.table,seat:m.seat}):m.status==="out"?fill(W.out,{place:m.place}):W.waiting,"seat"));
   if(m.bounty){line.appendChild(el("span"," · "+fill(W.bounty,{amount:m.bounty})))}f.appendChild(line)}})}
$("q").oninput=function(){if(qTimer){clearTimeout(qTimer)}qTimer=setTimeout(search,250)};$("q").onkeyup=$("q").oninput;
function live(){
 if(!window.EventSource||/[?&]poll=1/.test(location.search)){$("conn").textContent=W.polling;setInterval(load,5000);return}
 es=new EventSource(api("api/events"));
 es.onopen=function(){$("conn").textContent=W.live;$("conn").className=""};
 es.onmessage=function(e){try{var d=JSON.parse(e.data);show(d,d.server_ms)}catch(x){}};
 es.onerror=function(){$("conn").textContent=W.reconnecting;$("conn").className="off"}}
var asked=findParam(location.hash+location.search);if(asked){$("q").value=asked;search()}
load();live();timer=setInterval(tick,250);
})();
</script></body></html>
"""
