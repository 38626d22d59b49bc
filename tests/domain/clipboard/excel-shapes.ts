// Clipboard payloads in the shapes Excel (Windows, ru-RU number format), Google Sheets and
// LibreOffice put on the clipboard for the same small range.

/** Excel: CF_HTML header, Office namespaces, <style> with a comment, unquoted attributes. */
export const EXCEL_HTML = `Version:0.9\r
StartHTML:0000000105\r
EndHTML:0000002130\r
StartFragment:0000001418\r
EndFragment:0000002090\r
<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:x="urn:schemas-microsoft-com:office:excel"
xmlns="http://www.w3.org/TR/REC-html40">

<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Excel.Sheet>
<meta name=Generator content="Microsoft Excel 15">
<link id=Main-File rel=Main-File
href="file:///C:/Users/pm/AppData/Local/Temp/msohtmlclip1/01/clip.htm">
<style>
<!--table
	{mso-displayed-decimal-separator:"\\,";
	mso-displayed-thousand-separator:" ";}
td
	{padding-top:1px;
	mso-number-format:General;}
.xl65
	{mso-number-format:"Short Date";}
-->
</style>
</head>

<body link="#0563C1" vlink="#954F72">

<table border=0 cellpadding=0 cellspacing=0 width=320 style='border-collapse:
 collapse;width:240pt'>
<!--StartFragment-->
 <col width=64 span=5 style='width:48pt'>
 <tr height=20 style='height:15.0pt'>
  <td height=20 width=64 style='height:15.0pt;width:48pt'>Name</td>
  <td width=64 style='width:48pt'>Duration</td>
  <td width=64 style='width:48pt'>Start</td>
  <td width=64 style='width:48pt'>Volume</td>
  <td width=64 style='width:48pt'>Note</td>
 </tr>
 <tr height=40 style='height:30.0pt'>
  <td height=40 class=xl66 width=64 style='height:30.0pt;width:48pt'>Excavation<br
  style='mso-data-placement:same-cell'>
  zone A</td>
  <td align=right>1,5</td>
  <td class=xl65 align=right>15.01.2024</td>
  <td align=right x:num="1234.5">1&nbsp;234,50</td>
  <td>A&amp;B &quot;main&quot;<span style='mso-spacerun:yes'>&nbsp;&nbsp; </span>site</td>
 </tr>
 <tr height=20 style='height:15.0pt'>
  <td colspan=2 height=20 class=xl67 style='height:15.0pt'>Merged across</td>
  <td rowspan=2 class=xl68>Down</td>
  <td align=right x:num>7</td>
  <td></td>
 </tr>
 <tr height=20 style='height:15.0pt'>
  <td height=20 style='height:15.0pt'>a</td>
  <td>b</td>
  <td>c</td>
  <td>d</td>
 </tr>
<!--EndFragment-->
</table>

</body>

</html>
`;

/** The TSV Excel writes for the same range (LF inside a quoted cell, CRLF between rows). */
export const EXCEL_TSV =
  'Name\tDuration\tStart\tVolume\tNote\r\n' +
  '"Excavation\nzone A"\t1,5\t15.01.2024\t1\u00a0234,50\t"A&B ""main""   site"\r\n' +
  'Merged across\t\tDown\t7\t\r\n' +
  'a\tb\t\tc\td\r\n';

export const EXCEL_MATRIX = [
  ['Name', 'Duration', 'Start', 'Volume', 'Note'],
  ['Excavation\nzone A', '1,5', '15.01.2024', '1 234,50', 'A&B "main"   site'],
  ['Merged across', '', 'Down', '7', ''],
  ['a', 'b', '', 'c', 'd'],
];

/** Google Sheets: its origin tag, a <style>, data-sheets attributes with quoted JSON. */
export const SHEETS_HTML =
  '<meta charset="utf-8"><google-sheets-html-origin><style type="text/css"><!--td {border: 1px solid #cccccc;}br {mso-data-placement:same-cell;}--></style>' +
  '<table xmlns="http://www.w3.org/1999/xhtml" cellspacing="0" cellpadding="0" dir="ltr" border="1" style="table-layout:fixed;font-size:10pt;font-family:Arial;width:0px;border-collapse:collapse;border:none" data-sheets-root="1"><colgroup><col width="100"/><col width="100"/></colgroup><tbody>' +
  '<tr style="height:21px;"><td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;" data-sheets-value="{&quot;1&quot;:2,&quot;2&quot;:&quot;a > b&quot;}">a &gt; b</td>' +
  '<td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;text-align:right;" data-sheets-value="{&quot;1&quot;:3,&quot;3&quot;:1.5}">1.5</td></tr>' +
  '<tr style="height:21px;"><td style="overflow:hidden;" data-sheets-value="{&quot;1&quot;:2,&quot;2&quot;:&quot;two\\nlines&quot;}">two<br>lines</td><td></td></tr>' +
  '</tbody></table>';

/** LibreOffice Calc: a full document with <font> wrappers. */
export const LIBREOFFICE_HTML = `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">
<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"/><title></title>
<style type="text/css">body,div,table,thead,tbody,tfoot,tr,th,td,p { font-family:"Liberation Sans"; font-size:x-small }</style></head>
<body><table cellspacing="0" border="0">
	<colgroup width="85"></colgroup>
	<tr>
		<td height="17" align="left"><font face="DejaVu Sans">Работа</font></td>
		<td align="right" sdval="5" sdnum="1049;">5</td>
	</tr>
</table></body></html>`;
