import 'reflect-metadata';
import './styles.css';
import { createBrowserContainer } from '@sortie/adapters/browser';
import { mountApp } from './app/mount';

// The one place where the web app's container is composed (STYLE.md §7). A failure is
// logged and rethrown by mountApp, so the browser reports it as well.
void mountApp({ root: document.getElementById('root'), fetcher: (...args) => fetch(...args), compose: createBrowserContainer });
