"""The one HTML page the phones load: inline CSS and JavaScript, no external URL, plain ES5.

Every name and text from the server goes into the page with ``textContent`` (never as HTML). The
countdown is computed in the browser from the clock's timestamps and the server's time.
"""

from __future__ import annotations

PAGE = r"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tournament</title>
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
<header><h1 id="title">Tournament</h1><div id="conn">connecting…</div></header>
<main>
<div class="card"><div id="level">-</div><div id="clock">--:--</div><div id="blinds"></div>
<div id="next"></div><div id="brk"></div><div id="late"></div><div id="note"></div><div class="badges" id="badges"></div></div>
<div class="card"><div class="grid"><div class="cell"><div class="big" id="left">-</div><div class="small">players left</div></div>
<div class="cell"><div class="big" id="avg">-</div><div class="small">average stack</div></div>
<div class="cell"><div class="big" id="pool">-</div><div class="small">prize pool</div></div></div></div>
<div class="card"><h2>Find my seat</h2><input id="q" type="search" placeholder="Your name" autocomplete="off" maxlength="80">
<div id="found"></div></div>
<div class="card"><h2>Payouts</h2><table id="payouts"></table></div>
<div class="card" id="lcard" hidden><h2>Chip leaders</h2><table id="leaders"></table></div>
<div class="card" id="bcard" hidden><h2>Largest bounties</h2><div class="small" id="bpool"></div><table id="bounties"></table></div>
<div class="card"><h2>Tables</h2><div id="tables"></div></div>
<div class="card"><h2>Results</h2><table id="results"></table></div>
</main>
<script>
(function(){
var S=null,offset=0,timer=null,es=null,lastSeq=-1;
function $(id){return document.getElementById(id)}
function txt(id,s){var e=$(id);if(e.textContent!==s){e.textContent=s}}
function el(tag,text,cls){var e=document.createElement(tag);if(text!==undefined&&text!==null){e.textContent=String(text)}if(cls){e.className=cls}return e}
function clear(e){while(e.firstChild){e.removeChild(e.firstChild)}}
function num(n){if(n===null||n===undefined){return "-"}return String(n).replace(/\B(?=(\d{3})+(?!\d))/g,",")}
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
 var b="";if(c.break_at_ms!==null){b="Break in "+mmss(c.break_at_ms-t)}else if(c.ms_to_break!==null&&!c.on_break){b="Break in "+mmss(c.ms_to_break)}
 txt("brk",b);var l="";if(c.late_closed_early){l="Late registration closed by the director"}else if(c.late_ends_at_ms!==null){l="Late registration closes in "+mmss(c.late_ends_at_ms-t)}else if(c.late_ms_left){l="Late registration: "+mmss(c.late_ms_left)+" left"}txt("late",l)}
function show(s,serverMs){
 offset=serverMs-new Date().getTime();S=s;var c=s.clock||{};
 txt("title",s.name||"Tournament");document.title=s.name||"Tournament";
 var st=s.status||{},won=st.seat_winners||[],over=!!st.ended;
 var lv=over?(won.length?(won.length===1?"Seat":won.length+" seats")+" in "+(st.seat_event||"the event")+" won by"
  :st.winner?"Winner: "+st.winner:"Tournament over"):c.on_break?"BREAK after level "+s.level:"LEVEL "+s.level;
 if(!c.started&&!over){lv="Starting soon · level "+s.level}
 if(c.paused&&!over){lv+=" · PAUSED"}txt("level",lv);
 txt("blinds",over?won.join(" · "):(s.game?s.game+" · ":"")+(s.blinds||""));
 txt("next",s.next&&!over?"Next: "+(s.next.break_first?"break, then ":"")+"level "+s.next.level+" · "+(s.next.game||"")+" "+s.next.blinds:"");
 var notes=s.announcements||[];txt("note",over?"":c.pause_reason||(notes.length?notes[notes.length-1]:""));
 var bd=$("badges");clear(bd);
 if(st.hand_for_hand){bd.appendChild(el("span","HAND FOR HAND","badge"))}if(st.bubble){bd.appendChild(el("span","BUBBLE","badge"))}
 if(st.final_table){bd.appendChild(el("span","FINAL TABLE","badge"))}else if(st.in_the_money&&!st.bubble){bd.appendChild(el("span","IN THE MONEY","badge"))}
 txt("left",num(s.players_left)+(s.entries?" / "+num(s.entries):""));txt("avg",num(s.average_stack));txt("pool",(s.prize_pool||"-")+(s.seats?" · "+s.seats:""));
 if(s.seq!==lastSeq){lastSeq=s.seq;var p=$("payouts");clear(p);var i;
  for(i=0;i<(s.payouts||[]).length;i++){var q=s.payouts[i];row(p,[q.place,q.name||"",q.prize])}
  var ld=$("leaders");clear(ld);$("lcard").hidden=!(s.leaders||[]).length;for(i=0;i<(s.leaders||[]).length;i++){var x=s.leaders[i];row(ld,[x.rank+".",x.name,num(x.stack)])}
  var bo=$("bounties"),bl=s.bounties||[];clear(bo);$("bcard").hidden=!bl.length;txt("bpool",s.bounty_pool?"Bounty pool "+s.bounty_pool:"");
  for(i=0;i<bl.length;i++){row(bo,[bl[i].rank+".",bl[i].name,bl[i].bounty])}
  var r=$("results");clear(r);var res=(s.results||[]).slice(0,50);for(i=0;i<res.length;i++){row(r,[res[i].place,res[i].names.join(", "),res[i].prize])}
  var tb=$("tables");clear(tb);for(i=0;i<(s.tables||[]).length;i++){var tt=s.tables[i],d=el("details"),sm=el("summary","Table "+tt.number+" · "+tt.seats.length+" players");
   d.appendChild(sm);var tab=el("table");for(var j=0;j<tt.seats.length;j++){row(tab,["Seat "+tt.seats[j].seat,tt.seats[j].name])}d.appendChild(tab);tb.appendChild(d)}
  if($("q").value){search()}}
 tick()}
function get(url,ok,fail){var x=new XMLHttpRequest();x.open("GET",url,true);x.onreadystatechange=function(){
 if(x.readyState===4){if(x.status===200){try{ok(JSON.parse(x.responseText))}catch(e){if(fail){fail()}}}else if(fail){fail()}}};x.send()}
function load(){get("api/state?t="+new Date().getTime(),function(d){show(d,d.server_ms);S.refetching=false},function(){if(S){S.refetching=false}})}
var qTimer=null;
function findParam(where){var h=/[#?&]find=([^&#]*)/.exec(where);if(!h){return ""}var v=h[1].replace(/\+/g," ");
 try{return decodeURIComponent(v)}catch(e){return v.replace(/(%[0-9A-Fa-f]{2})+/g,function(p){try{return decodeURIComponent(p)}catch(x){return p}})}}
function search(){var v=$("q").value,f=$("found");if(v.replace(/\s/g,"").length<2){clear(f);
  if(asked&&v===asked){f.appendChild(el("div","No player found"))}return}
 get("api/seat?name="+encodeURIComponent(v),function(d){clear(f);if(!d.matches.length){f.appendChild(el("div","No player found"));return}
  for(var i=0;i<d.matches.length;i++){var m=d.matches[i],line=el("div");line.appendChild(el("span",m.name+": "));
   line.appendChild(el("span",m.status==="seated"?"Table "+m.table+", seat "+m.seat:m.status==="out"?"out, "+m.place:"waiting for a seat","seat"));
   if(m.bounty){line.appendChild(el("span"," · bounty "+m.bounty))}f.appendChild(line)}})}
$("q").oninput=function(){if(qTimer){clearTimeout(qTimer)}qTimer=setTimeout(search,250)};$("q").onkeyup=$("q").oninput;
function live(){
 if(!window.EventSource||/[?&]poll=1/.test(location.search)){$("conn").textContent="updating every 5 s";setInterval(load,5000);return}
 es=new EventSource("api/events");
 es.onopen=function(){$("conn").textContent="live";$("conn").className=""};
 es.onmessage=function(e){try{var d=JSON.parse(e.data);show(d,d.server_ms)}catch(x){}};
 es.onerror=function(){$("conn").textContent="reconnecting…";$("conn").className="off"}}
var asked=findParam(location.hash+location.search);if(asked){$("q").value=asked;search()}
load();live();timer=setInterval(tick,250);
})();
</script></body></html>
"""
