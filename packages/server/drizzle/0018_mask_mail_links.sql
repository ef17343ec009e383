-- Issue 30: the mail log (GET /api/dashboard/mails) kept each mail whole, its personal links included
-- (password reset, address confirmation, raffle entry, unsubscribe): a staff member who read a reset
-- link there could take over the account. The server now masks them before storing a mail; this masks
-- them in the rows stored before, in the text, the HTML (a link's words are kept, unlinked) and the subject.
UPDATE "mails" SET
	"html" = regexp_replace(regexp_replace(regexp_replace("html",
		'<a href="(https?://[^\s<>"'']*[?&;](token|confirmation)=[^\s<>"'']*)">\1</a>', '[lien personnel masqué]', 'g'),
		'<a href="https?://[^\s<>"'']*[?&;](token|confirmation)=[^\s<>"'']*">([^<]*)</a>', '\2 : [lien personnel masqué]', 'g'),
		'https?://[^\s<>"'']*[?&;](token|confirmation)=[^\s<>"'']*', '[lien personnel masqué]', 'g'),
	"text" = regexp_replace("text", 'https?://[^\s<>"'']*[?&;](token|confirmation)=[^\s<>"'']*', '[lien personnel masqué]', 'g'),
	"subject" = regexp_replace("subject", 'https?://[^\s<>"'']*[?&;](token|confirmation)=[^\s<>"'']*', '[lien personnel masqué]', 'g')
WHERE "html" ~ '[?&;](token|confirmation)=' OR "text" ~ '[?&;](token|confirmation)=' OR "subject" ~ '[?&;](token|confirmation)=';
