"""A record as one self-contained HTML page that steps through it: a picture per move,
buttons and arrow keys, a move list to click, names, comments and the referee's findings.

No server, no network and no external script: the page carries its own style, script
and card drawings, and its Content-Security-Policy forbids fetching anything. The step it
opens at is drawn in the page; its script draws the others from their pieces
(:mod:`.packed`) as it starts, so without JavaScript the page shows that step alone.
"""

from __future__ import annotations

import json
import re

from ..engine import HandEnd, HandStart, Step
from ..errors import plural
from ..records.describe import nobody_words
from ..records.frames import Frame, Stop
from ..records.record import Record
from ..records.referee import Finding
from ..records.scoresheet import hand_json, hand_notes
from ..records.shown import visible
from .lines import fit
from .packed import pack, script_data
from .sheet import items_won, side_label, side_labels
from .svg import defs, markup, named, red
from .table import (
    NARROW,
    frame_picture,
    frame_text,
    game_title,
    options_line,
    position_frame,
    seat_name,
    shown_caption,
    side_name,
)

_STYLE = """
body{margin:0;background:#23272b;color:#eee;font-family:DejaVu Sans,Verdana,Arial,Helvetica,sans-serif}
header{padding:10px 18px;background:#1b1e21;border-bottom:1px solid #444}
h1{font-size:20px;margin:0 0 4px}
.sub{color:#b8c0c8;font-size:13px}
main{display:flex;gap:16px;padding:12px 18px;align-items:flex-start}
#stage{flex:1 1 auto;min-width:0}
#stage{container-type:inline-size}
#stage svg{width:100%;height:auto;display:block;border-radius:8px}
#stage svg.narrow{display:none;max-width:520px;margin:0 auto}
@container (max-width:600px){#stage svg.wide{display:none}#stage svg.narrow{display:block}}
.frame[hidden]{display:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
nav{display:flex;gap:6px;align-items:center;margin:8px 0;flex-wrap:wrap}
button{font-size:15px;padding:6px 12px;border-radius:6px;border:1px solid #777;background:#f3efe2;color:#111;cursor:pointer}
button[aria-disabled=true]{opacity:.45;cursor:default}
button:focus-visible,.scroll:focus-visible{outline:3px solid #f5b800;outline-offset:2px}
#where{margin-left:8px;color:#ddd}
aside{position:relative;flex:0 0 300px;min-width:0;max-height:calc(100vh - 90px);overflow:auto;overflow-wrap:anywhere;background:#fbfaf6;color:#111;border-radius:8px;padding:8px}
aside h2{font-size:14px;margin:10px 4px 4px;color:#1f6b45}
ol{margin:0;padding-left:0;list-style:none}
aside a{display:block;padding:3px 6px;border-radius:4px;font-size:13px;color:inherit;text-decoration:none}
a:hover{background:#e8e2cf}
a.current{background:#f5b800;font-weight:bold}
a:focus-visible{outline:2px solid #1f6b45;outline-offset:1px}
a.finding{color:#a40018}
a.unsettled{color:#7a5200}
a.current.unsettled{color:#2e1f00}
.notes{background:#fff3f3;color:#5b0010;border-radius:6px;padding:6px 10px;margin:6px 0;font-size:14px}
.notes.unsettled{background:#fff6da;color:#4d3400}
.comment{background:#eef5ee;color:#173b26;border-radius:6px;padding:6px 10px;margin:6px 0;font-size:14px;max-height:12em;overflow:auto}
.keys{color:#aab;font-size:12px}
.sheetbox{overflow-x:auto;background-color:#fbfaf6;background-image:linear-gradient(to right,#fbfaf6 30%,rgba(251,250,246,0)),linear-gradient(to left,#fbfaf6 30%,rgba(251,250,246,0)),radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.45),rgba(0,0,0,0)),radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.45),rgba(0,0,0,0));background-position:left,right,left,right;background-size:40px 100%,40px 100%,20px 100%,20px 100%;background-repeat:no-repeat;background-attachment:local,local,scroll,scroll}
.sheet{border-collapse:collapse;color:#111;margin:6px 0;font-size:14px;width:100%}
.sheet th{background:#1f6b45;color:#fff;font-weight:normal;text-align:left;padding:4px 8px}
.sheet td{padding:4px 8px;border-top:1px solid #ddd}
.sheet .item{white-space:nowrap}
.sheet td:first-child{min-width:7em;overflow-wrap:anywhere}
.sheet td.nobody{color:#666}
header,.notes,.comment{overflow-wrap:anywhere}
@media (forced-colors:active){a.current{outline:2px solid Highlight}}
@media print{
body,header{background:#fff;color:#111}
.sub{color:#333}
nav button,.keys{display:none}
#where{margin:0;color:#111}
aside{max-height:none;overflow:visible}
.comment{max-height:none}
.sheetbox{background-image:none}
}
@media (min-width:901px) and (max-width:1100px){aside{flex-basis:220px}}
@media (max-width:900px){
main{flex-direction:column;align-items:stretch;padding:8px}
#stage,aside{flex:none;width:auto}
aside{max-height:50vh}
.sheet{min-width:600px}
header{padding:8px 10px}
button{padding:6px 9px}
}
"""

_SCRIPT = """
(function(){
  var frames=document.querySelectorAll('.frame'), items=document.querySelectorAll('a[data-i]');
  var hands=JSON.parse(document.getElementById('hands').textContent);
  var packed=JSON.parse(document.getElementById('pictures').textContent);
  var start=+document.querySelector('main').dataset.start, at=start;
  var said=document.getElementById('said'), opening=true;
  var words=[].map.call(items,function(a){return spoken(a.textContent)});  // each step as a screen reader hears it
  function drawn(i){  // step i's pictures, joined from their pieces (packed.py)
    var refs=packed.pictures[i], out='';
    for(var r=0;r<refs.length;r+=packed.width){
      var k=0;
      for(var d=r;d<r+packed.width;d++){k=k*packed.digits.length+packed.digits.indexOf(refs[d])}
      var numbers=packed.pieces[k].split(' '), parts=packed.templates[numbers.shift()];
      out+=parts.map(function(part,j){return (j?numbers[j-1]:'')+part}).join('');
    }
    return out;
  }
  frames.forEach(function(frame,i){if(i!==start){frame.insertAdjacentHTML('afterbegin',drawn(i))}});
  function show(i){
    i=Math.max(0,Math.min(frames.length-1,i));
    var focused=document.activeElement===items[at];  // the list has the focus: it moves with the step
    frames[at].hidden=true; items[at].classList.remove('current'); items[at].tabIndex=-1;
    items[at].removeAttribute('aria-current');
    at=i; frames[at].hidden=false; items[at].classList.add('current'); items[at].tabIndex=0;
    items[at].setAttribute('aria-current','step');
    if(focused){items[at].focus({preventScroll:true})}  // a screen reader reads the focused step
    else if(!opening){say('step '+(at+1)+' of '+frames.length+': '+words[at])}
    var list=document.querySelector('aside'), a=items[at];  // only the list scrolls, never the page
    if(a.offsetTop<list.scrollTop){list.scrollTop=a.offsetTop}
    else if(a.offsetTop+a.offsetHeight>list.scrollTop+list.clientHeight){list.scrollTop=a.offsetTop+a.offsetHeight-list.clientHeight}
    document.getElementById('where').textContent=(at+1)+' / '+frames.length;
    var end=at===frames.length-1;
    off('first',at===0);off('prevhand',at===0);off('prev',at===0);off('next',end);off('last',end);
    off('nexthand',hands[String(+frames[at].dataset.hand+1)]===undefined);
    if(location.hash!=='#'+(at+1)){history.replaceState(null,'','#'+(at+1));}
  }
  function say(text){  // the same words again (f on the one finding, → at the end) end in a no-break space or
    // lose it: a screen reader says the region again on a change, and nothing of the space
    said.textContent=said.textContent===text?text+'\\u00a0':text;
  }
  function spoken(text){  // cards in words as the pictures' descriptions say them (A♥ is ace of hearts), a mark
    // too: a finding's written as its escape, so that a page with no finding shows it nowhere
    return text.replace(/^\\u2716 /,'finding: ').replace(/^[?] /,'unsettled: ').replace(/(10|[2-9AJQK])([♠♥♦♣])/g,function(_,r,s){
      return ({A:'ace',J:'jack',Q:'queen',K:'king'}[r]||r)+' of '+{'♠':'spades','♥':'hearts','♦':'diamonds','♣':'clubs'}[s];
    });
  }
  function off(id,yes){  // aria-disabled, not disabled: a button pressed to the end keeps the focus
    document.getElementById(id).setAttribute('aria-disabled',String(yes));
  }
  function hand(step){  // back: this hand's start, or from there the previous hand's
    var h=+frames[at].dataset.hand, start=hands[String(h)];
    if(step<0&&at>start){show(start);return;}
    var k=hands[String(h+step)];
    if(k!==undefined){show(k);}
  }
  var marked=[].map.call(document.querySelectorAll('a.finding,a.unsettled'),function(a){return +a.dataset.i});
  function finding(step){  // the next (1) or previous (-1) finding or unsettled note, round past the ends
    var ahead=marked.filter(function(i){return step>0?i>at:i<at}), all=ahead.length?ahead:marked;
    show(all[step>0?0:all.length-1]);
  }
  if(marked.length){document.getElementById('finding').onclick=function(){finding(1)}}
  document.getElementById('first').onclick=function(){show(0)};
  document.getElementById('prev').onclick=function(){show(at-1)};
  document.getElementById('next').onclick=function(){show(at+1)};
  document.getElementById('last').onclick=function(){show(frames.length-1)};
  document.getElementById('prevhand').onclick=function(){hand(-1)};
  document.getElementById('nexthand').onclick=function(){hand(1)};
  items.forEach(function(a,i){
    a.onclick=function(e){  // the link to its step; one opened in a tab or window (a key held) is the browser's
      if(!(e.ctrlKey||e.shiftKey||e.altKey||e.metaKey)){e.preventDefault();show(i)}
    };
    if(words[i]!==a.textContent){  // named in words, the symbols hidden from a screen reader, the words from sight
      a.innerHTML='<span aria-hidden="true">'+a.innerHTML+'</span><span class="sr"></span>';
      a.lastChild.textContent=words[i];
    }
  });
  document.addEventListener('keydown',function(e){
    var k=e.key;
    if(e.ctrlKey||e.altKey||e.metaKey){return}  // the browser's own (Alt+← is its back)
    if((k===' '||k==='Enter')&&e.target.tagName==='BUTTON'){return}  // the button pressed does its own step
    if(e.target.classList.contains('scroll')){return}  // a box that scrolls (a comment, a sheet) takes the keys
    if(k===' '&&e.shiftKey){show(at-1)}
    else if(k==='ArrowRight'||k==='ArrowDown'||k===' '){show(at+1)}else if(k==='ArrowLeft'||k==='ArrowUp'){show(at-1)}
    else if(k==='Home'){show(0)}else if(k==='End'){show(frames.length-1)}
    else if(k==='PageDown'){hand(1)}else if(k==='PageUp'){hand(-1)}
    else if((k==='f'||k==='F')&&marked.length){finding(k==='f'?1:-1)}
    else{return}
    e.preventDefault();
  });
  function fromHash(){  // #N is step N, counted from 1 as shown; without it, the step the page opens at
    var n=parseInt(location.hash.slice(1),10);
    show(isNaN(n)?start:n-1);
  }
  window.addEventListener('hashchange',fromHash);
  fromHash();
  opening=false;
})();
"""

HEAD_NAME_EMS = 48  # about 60 letters: a name of 4,096 pushed the picture screens down

_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


# Each button's id, title (its key), arrow before or after it and words: what is in [] is
# said to a screen reader alone, and the arrows are hidden from it (it says "⇤" as
# "leftwards arrow to bar"), so that the buttons are named start, back a hand, back, next,
# next hand and end.
_BUTTONS = (
    ("first", "Home", "«", "start", ""),
    ("prevhand", "this hand's start, then the previous hand's (PageUp)", "⇤", "[back a ]hand", ""),
    ("prev", "← or ↑", "◀", "back", ""),
    ("next", "→ or ↓", "", "next", "▶"),
    ("nexthand", "the next hand's start (PageDown)", "", "[next ]hand", "⇥"),
    ("last", "End", "", "end", "»"),
)


def _finding_button(frames: list[Frame]) -> tuple[str, str]:
    """The button to the next finding or unsettled note and the keys line's words for its keys,
    or nothing on a page with neither."""
    kinds = {_kind(f.event) for f in frames} - {""}
    if not kinds:
        return "", ""
    what = " or ".join(k if k == "finding" else "unsettled note" for k in sorted(kinds))
    mark, word = ("✖", "finding") if "finding" in kinds else ("?", "unsettled")
    button = _button("finding", f"the next {what} (f; shift+F the previous)", mark, f"[next ]{word}", "")
    return button, f" · f/F the next/previous {what}"


def _button(id_: str, title: str, before: str, words: str, after: str) -> str:
    words = re.sub(r"\[(.*?)\]", r'<span class="sr">\1</span>', words)
    before = f'<span aria-hidden="true">{before} </span>' if before else ""
    after = f'<span aria-hidden="true"> {after}</span>' if after else ""
    return f'<button id="{id_}" title="{markup(title)}">{before}{words}{after}</button>'


def _comments(extra: tuple[tuple[str, object], ...]) -> list[str]:
    """The text of a document's ``_`` keys (comments, notes) for people."""
    out = []
    for key, value in extra:
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        out.append(visible(f"{key.lstrip('_')}: {shown}"))
    return out


def _comment_box(comment: str) -> str:
    """A comment in a box that scrolls (reached with Tab) where the comment is long."""
    return f'<div class="comment scroll" tabindex="0">{red(markup(comment), html=True)}</div>'


def _sheet(end: HandEnd, record: Record) -> str:
    """The itemised sheet of a hand as an HTML table, in a box that scrolls sideways (reached
    with Tab) where the screen is narrower than the table."""
    hand = hand_json(end.hand, end.score, end.game.scores)
    sweeps = "sweeps" if record.rules.sweeps else "cleared"
    head = "".join(f"<th>{h}</th>" for h in ("side", "cards", "spades", sweeps, "items won", "points", "game"))
    rows = []
    for side, s in enumerate(hand["sides"]):
        who = side_label(record.players, side, record.rules.partnerships)
        items = ", ".join(f'<span class="item">{red(markup(w), html=True)}</span>' for w in items_won(s["items"]))
        cells = [red(markup(str(c)), html=True) for c in (who, s["cards"], s["spades"], s["sweeps"])]
        cells += [items] + [str(c) for c in (s["points"], hand["scores"][side])]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    notes = [nobody_words(item, why) for item, why in hand["unwon"].items()]
    notes += hand_notes(hand, end.position.scores, record.rules, side_labels(record.players, record.rules))
    rows += [f'<tr><td></td><td colspan="6" class="nobody">{markup(note)}</td></tr>' for note in notes]
    return (
        f'<div class="sheetbox scroll" tabindex="0"><table class="sheet"><tr>{head}</tr>{"".join(rows)}</table></div>'
    )


def _kind(event: object) -> str:
    """A finding, an unsettled note (a check the record cannot decide) or neither ("")."""
    if not isinstance(event, Finding):
        return ""
    return "unsettled" if event.unchecked else "finding"


def _entry(i: int, frame: Frame, words: str) -> str:
    event = frame.event
    kind = _kind(event)
    if isinstance(event, HandStart):
        label = "start"
    elif isinstance(event, Step):
        label = f"{frame.number}. {words}"
    elif isinstance(event, HandEnd):
        label = "end: " + words.split(": ", 1)[1]
    elif isinstance(event, Stop):
        label = "stops: " + words.split(": ", 1)[1]
    else:
        label = ("? " if kind == "unsettled" else "✖ ") + words
    cls = f' class="{kind}"' if kind else ""
    return f'<li><a href="#{i + 1}" data-i="{i}" tabindex="-1"{cls}>{red(markup(label), html=True)}</a></li>'


def _summary(frames: list[Frame]) -> str:
    """``40 steps``, with the findings and unsettled notes as ``casino validate`` counts them."""
    kinds = [_kind(f.event) for f in frames]
    findings, unsettled = kinds.count("finding"), kinds.count("unsettled")
    out = plural(len(frames), "step")
    if findings or unsettled:
        out += f", {plural(findings, 'finding')}"
    return out + (f", {unsettled} unsettled" if unsettled else "")


def _who_plays(record: Record) -> str:
    """The page's heading: the sides, the players by name, or by seat where they have no
    names or two alike (copies of one bot)."""
    rules = record.rules
    if rules.partnerships:
        return " v ".join(side_name(record.players, side, _head_name) for side in range(rules.sides))
    if record.players and len(set(record.players)) == len(record.players):
        return " v ".join(named(name, _head_name) for name in record.players)
    return " v ".join(seat_name(record.players, s, _head_name) for s in range(rules.players))


def _head_name(name: str) -> str:
    """A name in the heading: whole (it wraps) up to :data:`HEAD_NAME_EMS`, else cut with …,
    so that the heading leaves the picture on the first screen."""
    return fit(name, 1, HEAD_NAME_EMS)


def replay_page(record: Record, frames: list[Frame], title: str, start: int) -> str:
    """The whole HTML document, opening at frame ``start`` (unless its address names a step: #N)."""
    rules = record.rules
    who = _who_plays(record)
    variant = game_title(rules) + options_line(rules)
    figures: list[str] = []
    pictures: list[str] = []
    entries: list[str] = []
    hand_first: dict[str, int] = {}
    current_hand = None
    comments_by_hand = {h.number: _comments(h.extra) for h in record.hands}
    for i, frame in enumerate(frames):
        words = frame_text(frame, record)
        pic = frame_picture(frame, record.players, words)
        extra = ""
        short = shown_caption(words)  # the picture's and the list's; the words whole under the picture
        if isinstance(frame.event, Finding):
            extra += f'<div class="notes {_kind(frame.event)}">{markup(words)}</div>'
            comment = frame.event.comment_in(record)  # the record's, on the move found at fault
            extra += _comment_box(visible(comment)) if comment else ""
        elif short != words:
            extra += _comment_box(words)
        if isinstance(frame.event, HandEnd):
            extra += _sheet(frame.event, record)
        if isinstance(frame.event, HandStart):
            extra += "".join(map(_comment_box, comments_by_hand.get(frame.hand, [])))
        pictures.append(position_frame(pic) + position_frame(pic, NARROW))
        shown = pictures[-1] if i == start else ""  # the others drawn by the script
        hidden = " hidden" if i != start else ""
        figures.append(
            f'<figure class="frame" data-hand="{frame.hand}" style="margin:0"{hidden}>{shown}{extra}</figure>'
        )
        if frame.hand != current_hand:
            current_hand = frame.hand
            hand_first[str(frame.hand)] = i
            entries.append(f"{'</ol>' if entries else ''}<h2>hand {frame.hand}</h2><ol>")  # a list per hand
        entries.append(_entry(i, frame, short))
    summary = _summary(frames)
    finding_button, finding_keys = _finding_button(frames)
    record_notes = "".join(map(_comment_box, _comments(record.extra)))
    seed = f" · seed {visible(record.seed)}" if record.seed else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{markup(visible(title))}</title><style>{_STYLE}</style></head><body>"
        f'<header><h1>{markup(who)}</h1><div class="sub">{markup(variant + seed)} · {markup(summary)}</div>'
        f"{record_notes}</header>"
        f'<svg width="0" height="0" style="position:absolute" aria-hidden="true">{defs(None, True)}</svg>'
        f'<main data-start="{start}"><section id="stage"><nav>'
        f"{''.join(_button(*b) for b in _BUTTONS)}{finding_button}"
        f'<span id="where"></span><span id="said" class="sr" aria-live="polite" aria-atomic="true"></span>'
        f"<noscript>JavaScript is off: the page shows step {start + 1} of {len(frames)} alone, "
        f"and its buttons, keys and move list do nothing</noscript></nav>{''.join(figures)}"
        '<p class="keys">Keys: →, ↓ or space next · ←, ↑ or shift+space back · PageUp this hand\'s start, '
        f"then the previous hand's · PageDown the next hand · Home/End first/last{finding_keys} · "
        "click a move in the list.</p></section>"
        f'<aside aria-label="moves">{"".join(entries)}</ol></aside></main>'
        f'<script type="application/json" id="hands">{script_data(hand_first)}</script>'
        f'<script type="application/json" id="pictures">{script_data(pack(pictures))}</script>'
        f"<script>{_SCRIPT}</script></body></html>\n"
    )
